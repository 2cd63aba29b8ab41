// The HTML report's 3D view (issue 12): the part, the tool path and the violations in plain
// WebGL 1, with no library and no network access, so that the page stays small and works offline.
// src/report/viewer3d.cpp embeds this file in the page after the scene's data (#gc3d-data).
// Markers and table rows are linked both ways: clicking a marker scrolls to its row #v-INDEX,
// clicking any element with data-marker="INDEX" turns the camera to the marker and flashes it.
// stock:begin
// The blocks marked like this one draw the raw stock: a page without one is written without
// them (viewer3dScript), as it was before there was a stock.
// stock:end
// excess:begin
// The blocks marked like this one draw the excess map, and the layers blocks what every layer
// draws with: a page without a map is written without the first, one without any layer
// without the second.
// excess:end
(function () {
  'use strict';
  // Started after the load event: the report's text and pictures show first, and a software
  // WebGL (SwiftShader, where there is no GPU) takes a good part of a second over the scene.
  function start() {
    var root = document.getElementById('gc3d');
    var canvas = document.getElementById('gc3d-canvas');
    var data = JSON.parse(document.getElementById('gc3d-data').textContent);
    var note = document.getElementById('gc3d-note');

    function bytes(b64) {
      var text = atob(b64);
      var out = new Uint8Array(text.length);
      for (var i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
      return out.buffer;
    }

    // Every position is quantised to 16 bits within the scene's box; decoded here relative to
    // the box's centre, so that Float32 keeps its precision near the part.
    var lo = data.min, size = data.size;
    var centre = [lo[0] + size[0] / 2, lo[1] + size[1] / 2, lo[2] + size[2] / 2];
    function decodePositions(b64) {
      var q = new Uint16Array(bytes(b64));
      var out = new Float32Array(q.length);
      for (var i = 0; i < q.length; i++) {
        var k = i % 3;
        out[i] = lo[k] + (q[i] / 65535) * size[k] - centre[k];
      }
      return out;
    }

    var gl = null;
    try {
      gl = canvas.getContext('webgl', {antialias: true}) || canvas.getContext('experimental-webgl');
    } catch (e) {
      gl = null;
    }
    if (!gl) {
      canvas.style.display = 'none';
      note.textContent = 'The 3D view needs WebGL, which this browser does not offer; ' +
          'the report\'s pictures show the same part, path and violations.';
      window.gougechekViewerReady = true;
      return;
    }

    // --- The scene's data ------------------------------------------------------------------
    var vertices = decodePositions(data.vertices);
    var indices = data.index32 ? new Uint32Array(bytes(data.triangles))
                               : new Uint16Array(bytes(data.triangles));
    // Flat shading: each triangle gets its own three vertices and its face normal.
    var triangleCount = indices.length / 3;
    var meshPositions = new Float32Array(triangleCount * 9);
    var meshNormals = new Float32Array(triangleCount * 9);
    for (var t = 0; t < triangleCount; t++) {
      var a = indices[3 * t] * 3, b = indices[3 * t + 1] * 3, c = indices[3 * t + 2] * 3;
      var ux = vertices[b] - vertices[a], uy = vertices[b + 1] - vertices[a + 1],
          uz = vertices[b + 2] - vertices[a + 2];
      var vx = vertices[c] - vertices[a], vy = vertices[c + 1] - vertices[a + 1],
          vz = vertices[c + 2] - vertices[a + 2];
      var nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      var length = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      var corners = [a, b, c];
      for (var j = 0; j < 3; j++) {
        for (var k = 0; k < 3; k++) {
          meshPositions[9 * t + 3 * j + k] = vertices[corners[j] + k];
        }
        meshNormals[9 * t + 3 * j] = nx / length;
        meshNormals[9 * t + 3 * j + 1] = ny / length;
        meshNormals[9 * t + 3 * j + 2] = nz / length;
      }
    }

    var pathPoints = decodePositions(data.path);
    var runs = new Uint32Array(bytes(data.runs));
    var lineCount = 0;
    for (var r = 0; r < runs.length; r++) lineCount += (runs[r] >>> 1) - 1;
    var linePositions = new Float32Array(lineCount * 6);
    var lineColours = new Float32Array(lineCount * 6);
    var point = 0, line = 0;
    for (r = 0; r < runs.length; r++) {
      var count = runs[r] >>> 1;
      var colour = (runs[r] & 1) ? data.rapid_colour : data.feed_colour;
      for (var p = 0; p + 1 < count; p++, line++) {
        for (k = 0; k < 6; k++) {
          linePositions[6 * line + k] = pathPoints[3 * (point + p) + k];
          lineColours[6 * line + k] = colour[k % 3] / 255;
        }
      }
      point += count;
    }

    var markerPositions = decodePositions(data.markers);
    var markerCount = markerPositions.length / 3;
    var markerColourIndex = new Uint8Array(bytes(data.marker_colours));
    var markerDepths = new Float32Array(bytes(data.marker_depths));
    var markerIndex = data.marker_indices ? new Uint32Array(bytes(data.marker_indices)) : null;
    var palette = new Uint8Array(bytes(data.palette));
    var markerColours = new Float32Array(markerCount * 3);
    var slotOf = {};  // violation index → marker slot
    for (var m = 0; m < markerCount; m++) {
      for (k = 0; k < 3; k++) markerColours[3 * m + k] = palette[3 * markerColourIndex[m] + k] / 255;
      slotOf[markerIndex ? markerIndex[m] : m] = m;
    }
    function violationOf(slot) {
      return markerIndex ? markerIndex[slot] : slot;
    }

    // --- GL programs and buffers -------------------------------------------------------------
    function compile(type, source) {
      var shader = gl.createShader(type);
      gl.shaderSource(shader, source);
      gl.compileShader(shader);
      return shader;
    }
    function program(vertexSource, fragmentSource, attributes) {
      var handle = gl.createProgram();
      gl.attachShader(handle, compile(gl.VERTEX_SHADER, vertexSource));
      gl.attachShader(handle, compile(gl.FRAGMENT_SHADER, fragmentSource));
      for (var i = 0; i < attributes.length; i++) gl.bindAttribLocation(handle, i, attributes[i]);
      gl.linkProgram(handle);
      return handle;
    }
    function buffer(array) {
      var handle = gl.createBuffer();
      gl.bindBuffer(gl.ARRAY_BUFFER, handle);
      gl.bufferData(gl.ARRAY_BUFFER, array, gl.STATIC_DRAW);
      return handle;
    }

    // The part: Lambert shading from a light at the eye; back faces (an open surface's inside)
    // in a warm tint, as the report's pictures draw them.
    var meshProgram = program(
        'attribute vec3 position; attribute vec3 normal; uniform mat4 matrix;' +
            'uniform vec3 eye; varying vec3 n; varying vec3 toEye;' +
            'void main() { n = normal; toEye = eye - position;' +
            '  gl_Position = matrix * vec4(position, 1.0); }',
        'precision mediump float; varying vec3 n; varying vec3 toEye;' +
            'void main() { float d = dot(normalize(n), normalize(toEye));' +
            '  vec3 base = d >= 0.0 ? vec3(0.80, 0.82, 0.86) : vec3(0.93, 0.72, 0.52);' +
            '  gl_FragColor = vec4(base * (0.35 + 0.65 * abs(d)), 1.0); }',
        ['position', 'normal']);
    var lineProgram = program(
        'attribute vec3 position; attribute vec3 colour; uniform mat4 matrix; varying vec3 c;' +
            'void main() { c = colour; gl_Position = matrix * vec4(position, 1.0); }',
        'precision mediump float; varying vec3 c;' +
            'void main() { gl_FragColor = vec4(c, 1.0); }',
        ['position', 'colour']);
    // Markers: round dots of a fixed size on screen with a dark rim; `alpha` dims those the
    // part hides.
    var pointProgram = program(
        'attribute vec3 position; attribute vec3 colour; uniform mat4 matrix; uniform float size;' +
            'varying vec3 c; void main() { c = colour; gl_PointSize = size;' +
            '  gl_Position = matrix * vec4(position, 1.0); }',
        'precision mediump float; varying vec3 c; uniform float alpha;' +
            'void main() { vec2 d = gl_PointCoord - vec2(0.5); float r = length(d);' +
            '  if (r > 0.5) discard;' +
            '  gl_FragColor = vec4(r > 0.36 ? vec3(0.15) : c, alpha); }',
        ['position', 'colour']);

    var meshBuffers = [buffer(meshPositions), buffer(meshNormals)];
    var lineBuffers = [buffer(linePositions), buffer(lineColours)];
    var markerBuffers = [buffer(markerPositions), buffer(markerColours)];
    var focusPosition = new Float32Array(3);
    var focusBuffers = [buffer(focusPosition), buffer(new Float32Array([0.1, 0.9, 1.0]))];

    // layers:begin
    // A mesh of the data (vertices, triangles, index32) as flat-shaded triangles: each its own
    // three vertices and its face normal.
    function flatMesh(mesh) {
      var meshVertices = decodePositions(mesh.vertices);
      var meshIndices = mesh.index32 ? new Uint32Array(bytes(mesh.triangles))
                                     : new Uint16Array(bytes(mesh.triangles));
      var positions = new Float32Array(meshIndices.length * 3);
      var normals = new Float32Array(meshIndices.length * 3);
      for (var corner = 0; corner < meshIndices.length; corner += 3) {
        var at = [3 * meshIndices[corner], 3 * meshIndices[corner + 1],
                  3 * meshIndices[corner + 2]];
        var edges = [[], []];
        for (var k = 0; k < 3; k++) {
          edges[0][k] = meshVertices[at[1] + k] - meshVertices[at[0] + k];
          edges[1][k] = meshVertices[at[2] + k] - meshVertices[at[0] + k];
        }
        var faceNormal = normalise(cross(edges[0], edges[1]));
        for (var c = 0; c < 3; c++) {
          for (k = 0; k < 3; k++) {
            positions[3 * (corner + c) + k] = meshVertices[at[c] + k];
            normals[3 * (corner + c) + k] = faceNormal[k];
          }
        }
      }
      return {buffers: [buffer(positions), buffer(normals)], count: meshIndices.length};
    }
    // Lit from the eye on both faces, in the colour `colour` at opacity `alpha`.
    function layerProgram(alpha) {
      return program(
          'attribute vec3 position; attribute vec3 normal; uniform mat4 matrix;' +
              'uniform vec3 eye; varying vec3 n; varying vec3 toEye;' +
              'void main() { n = normal; toEye = eye - position;' +
              '  gl_Position = matrix * vec4(position, 1.0); }',
          'precision mediump float; varying vec3 n; varying vec3 toEye; uniform vec3 colour;' +
              'void main() { float d = abs(dot(normalize(n), normalize(toEye)));' +
              '  gl_FragColor = vec4(colour * (0.55 + 0.45 * d), ' + alpha + '); }',
          ['position', 'normal']);
    }
    function useLayer(layerProgramHandle, colour) {
      gl.useProgram(layerProgramHandle);
      gl.uniformMatrix4fv(gl.getUniformLocation(layerProgramHandle, 'matrix'), false,
                          current.matrix);
      var eye = current.eye;
      gl.uniform3f(gl.getUniformLocation(layerProgramHandle, 'eye'), eye[0], eye[1], eye[2]);
      gl.uniform3f(gl.getUniformLocation(layerProgramHandle, 'colour'), colour[0] / 255,
                   colour[1] / 255, colour[2] / 255);
    }
    // layers:end
    // stock:begin
    // The raw stock after the program (issue 23): one colour on both faces, translucent over
    // the part and the path, so that they show through the material left around them; the
    // checkbox #gc3d-stock hides it.
    var stock = null;
    if (data.stock) {
      stock = flatMesh(data.stock);
      stock.program = layerProgram('0.45');
      stock.colour = data.stock.colour;
      stock.shown = document.getElementById('gc3d-stock');
      if (stock.shown) stock.shown.addEventListener('change', function () { redraw(); });
    }
    // stock:end
    // excess:begin
    // The design coloured by its excess (issue 24): the part in the in-tolerance colour and each
    // other band's surface over it, as the report's map; the checkbox #gc3d-excess shows the
    // plain part instead.
    var excess = null;
    if (data.excess) {
      excess = {program: layerProgram('1.0'), base: data.excess.base, layers: [],
                shown: document.getElementById('gc3d-excess')};
      for (var l = 0; l < data.excess.layers.length; l++) {
        var layer = flatMesh(data.excess.layers[l]);
        layer.colour = data.excess.layers[l].colour;
        excess.layers.push(layer);
      }
      if (excess.shown) excess.shown.addEventListener('change', function () { redraw(); });
    }
    // excess:end
    function bind(buffers) {
      for (var i = 0; i < 2; i++) {
        gl.bindBuffer(gl.ARRAY_BUFFER, buffers[i]);
        gl.enableVertexAttribArray(i);
        gl.vertexAttribPointer(i, 3, gl.FLOAT, false, 0, 0);
      }
    }

    // --- Camera: an orbit around `target`, Z up ------------------------------------------------
    var radius = 0.5 * Math.sqrt(size[0] * size[0] + size[1] * size[1] + size[2] * size[2]) || 1;
    var view = {};
    function reset() {
      view = {yaw: -Math.PI / 4, pitch: 0.6, distance: 3.2 * radius, target: [0, 0, 0]};
    }
    reset();

    function eyePosition() {
      var cp = Math.cos(view.pitch);
      return [view.target[0] + view.distance * cp * Math.cos(view.yaw),
              view.target[1] + view.distance * cp * Math.sin(view.yaw),
              view.target[2] + view.distance * Math.sin(view.pitch)];
    }
    function normalise(v) {
      var l = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) || 1;
      return [v[0] / l, v[1] / l, v[2] / l];
    }
    function cross(a, b) {
      return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    }
    // The combined projection × view matrix, column-major as WebGL takes it.
    function viewMatrix() {
      var eye = eyePosition();
      var f = normalise([view.target[0] - eye[0], view.target[1] - eye[1], view.target[2] - eye[2]]);
      var s = normalise(cross(f, [0, 0, 1]));
      var u = cross(s, f);
      var aspect = canvas.width / Math.max(canvas.height, 1);
      var near = Math.max(view.distance - 2 * radius, view.distance * 0.01);
      var far = view.distance + 2 * radius;
      var fy = 1 / Math.tan(0.35);
      var fx = fy / aspect;
      var a = (far + near) / (near - far), b = 2 * far * near / (near - far);
      var te = [-dotArray(s, eye), -dotArray(u, eye), dotArray(f, eye)];
      // rows of P·V
      var rows = [[fx * s[0], fx * s[1], fx * s[2], fx * te[0]],
                  [fy * u[0], fy * u[1], fy * u[2], fy * te[1]],
                  [-a * f[0], -a * f[1], -a * f[2], a * te[2] + b],
                  [f[0], f[1], f[2], -te[2]]];
      var m = new Float32Array(16);
      for (var row = 0; row < 4; row++) {
        for (var col = 0; col < 4; col++) m[4 * col + row] = rows[row][col];
      }
      return {matrix: m, eye: eye};
    }
    function dotArray(a, b) {
      return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    // --- Drawing ---------------------------------------------------------------------------------
    var focusSlot = -1, focusUntil = 0, hoverSlot = -1, pending = false, current = null;

    function resize() {
      var ratio = window.devicePixelRatio || 1;
      var width = Math.max(1, Math.round(canvas.clientWidth * ratio));
      var height = Math.max(1, Math.round(canvas.clientHeight * ratio));
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
    }

    function draw() {
      pending = false;
      resize();
      current = viewMatrix();
      var ratio = window.devicePixelRatio || 1;
      gl.viewport(0, 0, canvas.width, canvas.height);
      gl.clearColor(1, 1, 1, 1);
      gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
      gl.enable(gl.DEPTH_TEST);
      gl.disable(gl.BLEND);

      gl.useProgram(meshProgram);
      gl.uniformMatrix4fv(gl.getUniformLocation(meshProgram, 'matrix'), false, current.matrix);
      var eye = current.eye;
      gl.uniform3f(gl.getUniformLocation(meshProgram, 'eye'), eye[0], eye[1], eye[2]);
      bind(meshBuffers);
      // Pushed back a little so that the path on the surface stays in front of it.
      gl.enable(gl.POLYGON_OFFSET_FILL);
      gl.polygonOffset(1, 2);
      gl.drawArrays(gl.TRIANGLES, 0, triangleCount * 3);
      // excess:begin
      if (excess && (!excess.shown || excess.shown.checked)) {
        // The part again where it was drawn, in the in-tolerance colour; then each band's surface
        // pulled just in front of it.
        gl.depthFunc(gl.LEQUAL);
        useLayer(excess.program, excess.base);
        gl.drawArrays(gl.TRIANGLES, 0, triangleCount * 3);
        gl.polygonOffset(-1, -4);
        for (var e = 0; e < excess.layers.length; e++) {
          useLayer(excess.program, excess.layers[e].colour);
          bind(excess.layers[e].buffers);
          gl.drawArrays(gl.TRIANGLES, 0, excess.layers[e].count);
        }
        gl.depthFunc(gl.LESS);
      }
      // excess:end
      gl.disable(gl.POLYGON_OFFSET_FILL);

      gl.useProgram(lineProgram);
      gl.uniformMatrix4fv(gl.getUniformLocation(lineProgram, 'matrix'), false, current.matrix);
      bind(lineBuffers);
      gl.drawArrays(gl.LINES, 0, lineCount * 2);

      // stock:begin
      if (stock && (!stock.shown || stock.shown.checked)) {
        useLayer(stock.program, stock.colour);
        bind(stock.buffers);
        // Translucent: blended over what is drawn, hiding nothing drawn after it.
        gl.enable(gl.BLEND);
        gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
        gl.depthMask(false);
        gl.drawArrays(gl.TRIANGLES, 0, stock.count);
        gl.depthMask(true);
      }
      // stock:end
      // Markers hidden by the part first, faint and over everything (a violation behind a wall
      // still shows, as in the pictures), then the visible ones at full strength.
      gl.useProgram(pointProgram);
      gl.uniformMatrix4fv(gl.getUniformLocation(pointProgram, 'matrix'), false, current.matrix);
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
      bind(markerBuffers);
      gl.uniform1f(gl.getUniformLocation(pointProgram, 'size'), 9 * ratio);
      gl.disable(gl.DEPTH_TEST);
      gl.uniform1f(gl.getUniformLocation(pointProgram, 'alpha'), 0.35);
      gl.drawArrays(gl.POINTS, 0, markerCount);
      gl.enable(gl.DEPTH_TEST);
      gl.uniform1f(gl.getUniformLocation(pointProgram, 'alpha'), 1);
      gl.drawArrays(gl.POINTS, 0, markerCount);

      var now = Date.now();
      var flashing = focusSlot >= 0 && now < focusUntil;
      var ring = hoverSlot >= 0 ? hoverSlot : (flashing ? focusSlot : -1);
      if (ring >= 0) {
        gl.disable(gl.DEPTH_TEST);
        focusPosition.set(markerPositions.subarray(3 * ring, 3 * ring + 3));
        gl.bindBuffer(gl.ARRAY_BUFFER, focusBuffers[0]);
        gl.bufferData(gl.ARRAY_BUFFER, focusPosition, gl.DYNAMIC_DRAW);
        bind(focusBuffers);
        var pulse = flashing && ring === focusSlot ? Math.abs(Math.sin((focusUntil - now) / 120)) : 1;
        gl.uniform1f(gl.getUniformLocation(pointProgram, 'size'), (14 + 14 * pulse) * ratio);
        gl.uniform1f(gl.getUniformLocation(pointProgram, 'alpha'), 0.6);
        gl.drawArrays(gl.POINTS, 0, 1);
      }
      if (flashing) redraw();
      window.gougechekViewerReady = true;
    }
    function redraw() {
      if (!pending) {
        pending = true;
        window.requestAnimationFrame(draw);
      }
    }

    // Where marker `slot` is on the page (CSS pixels, relative to the viewport) and how far.
    function screenOf(slot) {
      var m = current.matrix, x = markerPositions[3 * slot], y = markerPositions[3 * slot + 1],
          z = markerPositions[3 * slot + 2];
      var w = m[3] * x + m[7] * y + m[11] * z + m[15];
      if (w <= 0) return null;
      var rect = canvas.getBoundingClientRect();
      return {
        x: rect.left + (0.5 + 0.5 * (m[0] * x + m[4] * y + m[8] * z + m[12]) / w) * rect.width,
        y: rect.top + (0.5 - 0.5 * (m[1] * x + m[5] * y + m[9] * z + m[13]) / w) * rect.height,
        w: w
      };
    }
    // The marker nearest the pointer within 8 CSS pixels, the nearer to the eye on a tie.
    function pick(clientX, clientY) {
      var best = -1, bestDistance = 64, bestW = Infinity;
      for (var slot = 0; slot < markerCount; slot++) {
        var s = screenOf(slot);
        if (!s) continue;
        var d = (s.x - clientX) * (s.x - clientX) + (s.y - clientY) * (s.y - clientY);
        if (d < bestDistance || (d === bestDistance && s.w < bestW)) {
          best = slot;
          bestDistance = d;
          bestW = s.w;
        }
      }
      return best;
    }

    // --- Linking markers and table rows ---------------------------------------------------------
    var highlighted = null;
    function showRow(index) {
      var row = document.getElementById('v-' + index);
      if (!row) return;
      if (highlighted) highlighted.classList.remove('gc3d-row');
      highlighted = row;
      row.classList.remove('gc3d-row');
      void row.offsetWidth;  // restarts the highlight's animation on a second click
      row.classList.add('gc3d-row');
      row.scrollIntoView({block: 'center'});
    }
    function focus(index) {
      var slot = slotOf[index];
      if (slot === undefined) return;
      view.target = [markerPositions[3 * slot], markerPositions[3 * slot + 1],
                     markerPositions[3 * slot + 2]];
      view.distance = Math.min(view.distance, 0.5 * radius);
      focusSlot = slot;
      focusUntil = Date.now() + 1800;
      root.scrollIntoView({block: 'nearest'});
      redraw();
    }
    document.addEventListener('click', function (event) {
      var row = event.target.closest ? event.target.closest('[data-marker]') : null;
      if (row) focus(Number(row.getAttribute('data-marker')));
    });

    // --- Pointer: drag to rotate (right or shift-drag to pan), wheel to zoom, double-click resets
    var tip = document.getElementById('gc3d-tip');
    var drag = null;
    canvas.addEventListener('mousedown', function (event) {
      drag = {x: event.clientX, y: event.clientY, moved: false,
              pan: event.button === 2 || event.shiftKey};
      event.preventDefault();
    });
    canvas.addEventListener('contextmenu', function (event) {
      event.preventDefault();
    });
    window.addEventListener('mouseup', function (event) {
      if (drag && !drag.moved && event.target === canvas) {
        var slot = pick(event.clientX, event.clientY);
        if (slot >= 0) showRow(violationOf(slot));
      }
      drag = null;
    });
    window.addEventListener('mousemove', function (event) {
      if (drag) {
        var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
        if (!drag.moved) return;
        drag.x = event.clientX;
        drag.y = event.clientY;
        if (drag.pan) {
          var eye = eyePosition();
          var f = normalise([view.target[0] - eye[0], view.target[1] - eye[1],
                             view.target[2] - eye[2]]);
          var s = normalise(cross(f, [0, 0, 1])), u = cross(s, f);
          var perPixel = 2 * view.distance * Math.tan(0.35) / Math.max(canvas.clientHeight, 1);
          for (var i = 0; i < 3; i++) view.target[i] += (-dx * s[i] + dy * u[i]) * perPixel;
        } else {
          view.yaw -= dx * 0.01;
          view.pitch = Math.max(-1.55, Math.min(1.55, view.pitch + dy * 0.01));
        }
        redraw();
        return;
      }
      if (event.target !== canvas || !current) {
        if (hoverSlot >= 0) {
          hoverSlot = -1;
          tip.style.display = 'none';
          redraw();
        }
        return;
      }
      var slot = pick(event.clientX, event.clientY);
      canvas.style.cursor = slot >= 0 ? 'pointer' : 'grab';
      if (slot !== hoverSlot) {
        hoverSlot = slot;
        redraw();
      }
      if (slot >= 0) {
        var rect = root.getBoundingClientRect();
        tip.textContent = 'Violation ' + (violationOf(slot) + 1) + ': depth ' +
            markerDepths[slot].toFixed(3) + ' mm' +
            (markerColourIndex[slot] === 255 ? ', severe' : '') + ' (click for its row)';
        tip.style.left = (event.clientX - rect.left + 12) + 'px';
        tip.style.top = (event.clientY - rect.top + 12) + 'px';
        tip.style.display = 'block';
      } else {
        tip.style.display = 'none';
      }
    });
    canvas.addEventListener('wheel', function (event) {
      view.distance = Math.max(radius * 1e-3, Math.min(20 * radius,
          view.distance * Math.exp(event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015))));
      event.preventDefault();
      redraw();
    }, {passive: false});
    canvas.addEventListener('dblclick', function () {
      reset();
      redraw();
    });
    window.addEventListener('resize', redraw);

    // For the browser tests and for scripts: where a violation's marker is on the page.
    window.gougechekViewer = {
      focus: focus,
      markerPosition: function (index) {
        var slot = slotOf[index];
        return slot === undefined || !current ? null : screenOf(slot);
      }
    };
    redraw();
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', function () { setTimeout(start, 0); });
})();
