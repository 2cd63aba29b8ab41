// page_check.mjs: opens an HTML page (a gougechek report) in headless Chromium, records what it
// does, and checks it. Node 18 or newer; puppeteer-core as tests/html/package-lock.json pins it
// (tests/html/install.sh puts it in a build tree), driving Debian's chromium: nothing downloads a
// browser.
//
//   node tests/html/page_check.mjs PAGE.html [options]
//
// What it records, always (the result, JSON, to --out or standard output):
//   page, page_bytes        the file and its size
//   load_ms                 navigation start to the end of the load event (the page's own clock)
//   ready_ms                navigation start until the load event ended and the page set
//                           window.gougechekReady = true, both; null for a page that never sets
//                           the flag. A page that draws after load (WebGL) sets the flag to false
//                           early and to true once drawn: the checks then wait for it (up to
//                           --timeout).
//   painted_ms              navigation start until two animation frames after that (load, or
//                           ready): the page laid out and painted, as a reader first sees it
//   document_height, document_width   of the laid-out page, CSS px
//   console_errors, page_errors       console.error (and Chromium's own errors, e.g. a resource
//                           that failed), uncaught exceptions and rejections
//   requests                every request other than the page itself and data: and blob: URLs
//                           (made by the page, in memory). They are all blocked (request
//                           interception; WebSockets are recorded, and a host resolver rule fails
//                           any name lookup as a backstop), so nothing leaves the machine.
//   canvases                each canvas the page drew into: its context type, and for WebGL the
//                           renderer (SwiftShader here: Chromium's software GPU)
//   checks                  each check below with its outcome
//
// Checks and actions, run in the order given, once the page is loaded (and ready):
//   --expect-no-errors          no console error and no page error
//   --expect-no-requests        no request beyond the page itself (see requests above)
//   --expect-ready              the page set window.gougechekReady = true (within --timeout)
//   --expect-selector SEL       every element matching SEL (at least one) is rendered: not
//                               display:none or visibility:hidden, a box of non-zero size, and an
//                               <img> completely decoded with naturalWidth > 0
//   --expect-count SEL=N        exactly N elements match SEL
//   --expect-drawn SEL          as --expect-selector, and the screenshot of each element is no
//                               flat colour: at least 0.5 % of its pixels differ (by more than 8
//                               in a channel) from its most common colour
//   --expect-webgl SEL          SEL is a canvas the page drew into with WebGL (context not lost),
//                               and drawn, as --expect-drawn
//   --pixel-check SEL:X,Y:COLOUR   the pixel at X,Y (CSS px from the top left corner of the first
//                               element matching SEL) in a screenshot of that element has COLOUR:
//                               "background" (the colour behind the element: the first opaque
//                               background of it or an ancestor, else white), "not-background",
//                               or #rrggbb, each channel within 8 (#rrggbb~T: within T)
//   --click SEL[:X,Y]           scrolls the first element matching SEL into view and clicks it at
//                               X,Y (CSS px from its top left corner; default: its centre)
//   --expect-scrolled-to SEL    after the last --click, the first element matching SEL comes into
//                               view (wholly inside the viewport, within --timeout). Fails, as
//                               proving nothing, if it was in view already before the click.
//   --screenshot FILE.png       the page from its top, the viewport's width, at most --max-height
//                               CSS px tall
//   --element-screenshot SEL=FILE.png   the first element matching SEL
//   --print-pdf FILE.pdf=N      prints the page to FILE.pdf as Chromium's print to PDF does (A4,
//                               print styles, backgrounds), which must have at least N pages
// Options:
//   --out FILE                  write the result there instead of standard output
//   --width N, --height N       viewport in CSS px (default 1200 x 900), device scale 1
//   --max-height N              of --screenshot (default 4000)
//   --timeout MS                for the load and for each wait (default 60000); starting the
//                               browser and each call to it have 120 s, and the whole run is
//                               ended (the browser killed) after the longer of 3 times
//                               --timeout and 180 s: a hung run ends before the ctest's limit
//   --chromium PATH             default $GOUGECHEK_CHROMIUM, else /usr/bin/chromium
//   --puppeteer DIR             folder whose node_modules holds puppeteer-core (default
//                               $GOUGECHEK_PUPPETEER_DIR, else the usual resolution from here)
//   --browser-arg ARG           one more Chromium flag (repeatable)
//
// Exit status: 0 every check passed, 1 a check failed (each failure is printed as "FAILED: ..."
// on standard error, after all checks ran), 2 usage error, or the page or the browser failed.
//
// Chromium runs headless with --no-sandbox (as root in a container the sandbox cannot start) and
// WebGL on SwiftShader: --use-angle=swiftshader --enable-unsafe-swiftshader. Chromium 156 falls
// back to SwiftShader without them too, but newer versions refuse the fallback without the second
// flag; naming both keeps WebGL working wherever a GPU is missing.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {createRequire} from 'node:module';
import {fileURLToPath, pathToFileURL} from 'node:url';

const usage = 'usage: node page_check.mjs PAGE.html [--out FILE] [--expect-no-errors] ' +
    '[--expect-no-requests] [--expect-ready] [--expect-selector SEL] [--expect-count SEL=N] ' +
    '[--expect-drawn SEL] [--expect-webgl SEL] [--pixel-check SEL:X,Y:COLOUR] ' +
    '[--click SEL[:X,Y]] [--expect-scrolled-to SEL] [--screenshot FILE] ' +
    '[--element-screenshot SEL=FILE] [--print-pdf FILE=N] [--width N] [--height N] [--max-height N] [--timeout MS] ' +
    '[--chromium PATH] [--puppeteer DIR] [--browser-arg ARG]   (the comment at the top says more)';

class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// The command line: settings, and the checks and actions in their order.

const actionOptions = new Set(['--expect-no-errors', '--expect-no-requests', '--expect-ready',
  '--expect-selector', '--expect-count', '--expect-drawn', '--expect-webgl', '--pixel-check',
  '--click', '--expect-scrolled-to', '--screenshot', '--element-screenshot', '--print-pdf']);
const flagActions = new Set(['--expect-no-errors', '--expect-no-requests', '--expect-ready']);

function parseArguments(argv) {
  const settings = {
    page: null, out: null, width: 1200, height: 900, maxHeight: 4000, timeout: 60000,
    chromium: process.env.GOUGECHEK_CHROMIUM || '/usr/bin/chromium',
    puppeteer: process.env.GOUGECHEK_PUPPETEER_DIR || null, browserArgs: [], actions: [],
  };
  const number = (option, text) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${option}: not a positive number: ${text}`);
    return value;
  };
  // --option=value is --option value.
  argv = argv.flatMap(arg => /^--[a-z-]+=/.test(arg) ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg]);
  for (let i = 0; i < argv.length; ++i) {
    const option = argv[i];
    if (option === '-h' || option === '--help') {
      console.log(usage);
      process.exit(0);
    }
    if (!option.startsWith('--')) {
      if (settings.page !== null) throw new UsageError(`one page only: ${settings.page}, ${option}`);
      settings.page = option;
      continue;
    }
    if (flagActions.has(option)) {
      settings.actions.push({option});
      continue;
    }
    if (i + 1 >= argv.length) throw new UsageError(`${option} needs a value`);
    const value = argv[++i];
    if (actionOptions.has(option)) {
      settings.actions.push({option, value, ...parseActionValue(option, value)});
      continue;
    }
    switch (option) {
      case '--out': settings.out = value; break;
      case '--width': settings.width = Math.round(number(option, value)); break;
      case '--height': settings.height = Math.round(number(option, value)); break;
      case '--max-height': settings.maxHeight = Math.round(number(option, value)); break;
      case '--timeout': settings.timeout = number(option, value); break;
      case '--chromium': settings.chromium = value; break;
      case '--puppeteer': settings.puppeteer = value; break;
      case '--browser-arg': settings.browserArgs.push(value); break;
      default: throw new UsageError(`unknown option ${option}`);
    }
  }
  if (settings.page === null) throw new UsageError('no page given');
  return settings;
}

const pointPattern = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/;

/// Splits SEL=VALUE at the last '=' (a selector may hold '=' in an attribute test).
function splitAtLast(text, separator, option) {
  const at = text.lastIndexOf(separator);
  if (at <= 0 || at === text.length - 1) throw new UsageError(`${option}: expected SEL${separator}VALUE: ${text}`);
  return [text.slice(0, at), text.slice(at + 1)];
}

function parseColour(text, option) {
  if (text === 'background' || text === 'not-background') return {kind: text, tolerance: 8};
  const match = /^#([0-9a-fA-F]{6})(?:~(\d+))?$/.exec(text);
  if (!match) throw new UsageError(`${option}: colour must be background, not-background, #rrggbb or #rrggbb~T: ${text}`);
  const rgb = [0, 2, 4].map(k => parseInt(match[1].slice(k, k + 2), 16));
  return {kind: 'rgb', rgb, tolerance: match[2] === undefined ? 8 : Number(match[2])};
}

function parseActionValue(option, value) {
  switch (option) {
    case '--expect-count': {
      const [selector, count] = splitAtLast(value, '=', option);
      if (!/^\d+$/.test(count)) throw new UsageError(`${option}: not a count: ${count}`);
      return {selector, count: Number(count)};
    }
    case '--element-screenshot': {
      const [selector, file] = splitAtLast(value, '=', option);
      return {selector, file};
    }
    case '--screenshot':
      return {file: value};
    case '--print-pdf': {
      const [file, pages] = splitAtLast(value, '=', option);
      if (!/^\d+$/.test(pages)) throw new UsageError(`${option}: not a page count: ${pages}`);
      return {file, pages: Number(pages)};
    }
    case '--pixel-check': {
      const [rest, colour] = splitAtLast(value, ':', option);
      const [selector, point] = splitAtLast(rest, ':', option);
      const match = pointPattern.exec(point);
      if (!match) throw new UsageError(`${option}: expected SEL:X,Y:COLOUR: ${value}`);
      return {selector, x: Number(match[1]), y: Number(match[2]), colour: parseColour(colour, option)};
    }
    case '--click': {
      const at = value.lastIndexOf(':');
      const match = at > 0 ? pointPattern.exec(value.slice(at + 1)) : null;
      return match ? {selector: value.slice(0, at), x: Number(match[1]), y: Number(match[2])}
                   : {selector: value, x: null, y: null};
    }
    default:
      return {selector: value};
  }
}

// ---------------------------------------------------------------------------------------------
// Instrumentation the page gets before its own scripts run.

/// Records when the page sets window.gougechekReady (a setter), and which context each canvas
/// gets, so that the checks read what the page made instead of making a context themselves.
function instrumentPage() {
  let ready;
  Object.defineProperty(window, 'gougechekReady', {
    configurable: true,
    get: () => ready,
    set: value => {
      ready = value;
      window.__pageCheckReadySet = true;
      if (value === true && window.__pageCheckReadyAt === undefined) window.__pageCheckReadyAt = performance.now();
    },
  });
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function(type, ...rest) {
    const context = getContext.call(this, type, ...rest);
    if (context && this.__pageCheckContext === undefined) {
      this.__pageCheckContext = type;
      this.__pageCheckRenderingContext = context;
    }
    return context;
  };
}

// ---------------------------------------------------------------------------------------------
// Pixels: screenshots are decoded here (zlib and the PNG filters), so that nothing else runs in
// the browser, where a second tab would put the page in the background and stop its painting.

/// A PNG screenshot as {width, height, channels, data}: 8-bit RGB or RGBA, not interlaced, the
/// kinds Chromium writes; anything else is an error.
function decodePng(png) {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8, header = null;
  const idat = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      header = {width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9], interlace: body[12]};
    } else if (type === 'IDAT') {
      idat.push(body);
    }
    offset += 12 + length;
  }
  if (header === null || header.depth !== 8 || ![2, 6].includes(header.colour) || header.interlace !== 0)
    throw new Error(`unexpected PNG kind ${JSON.stringify(header)}`);
  const channels = header.colour === 6 ? 4 : 3;
  const stride = header.width * channels;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const data = Buffer.alloc(stride * header.height);
  for (let y = 0; y < header.height; ++y) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const at = y * stride;
    for (let i = 0; i < stride; ++i) {
      const left = i >= channels ? data[at + i - channels] : 0;
      const up = y > 0 ? data[at - stride + i] : 0;
      const upLeft = y > 0 && i >= channels ? data[at - stride + i - channels] : 0;
      let predictor;
      switch (filter) {
        case 0: predictor = 0; break;
        case 1: predictor = left; break;
        case 2: predictor = up; break;
        case 3: predictor = (left + up) >> 1; break;
        case 4: {
          const p = left + up - upLeft, pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
          predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
          break;
        }
        default: throw new Error(`bad PNG filter ${filter}`);
      }
      data[at + i] = (line[i] + predictor) & 255;
    }
  }
  return {width: header.width, height: header.height, channels, data};
}

/// The colours at `points` of a PNG screenshot (null outside it), its most common colour, and
/// the share of its pixels that differ from that by more than `tolerance` in a channel.
function analysePng(png, points, tolerance) {
  const {width, height, channels, data} = decodePng(png);
  const rgbAt = i => [data[i], data[i + 1], data[i + 2]];
  const counts = new Map();
  for (let i = 0; i < data.length; i += channels) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  let mode = 0, modeCount = -1;
  for (const [key, count] of counts) if (count > modeCount) [mode, modeCount] = [key, count];
  const common = [(mode >> 16) & 255, (mode >> 8) & 255, mode & 255];
  let differing = 0;
  for (let i = 0; i < data.length; i += channels) if (colourDistance(rgbAt(i), common) > tolerance) ++differing;
  const pixels = points.map(([x, y]) => x < 0 || y < 0 || x >= width || y >= height ? null
                                                                                     : rgbAt(channels * (y * width + x)));
  return {width, height, common, differing: differing / (width * height), pixels};
}

const hex = rgb => '#' + rgb.map(c => c.toString(16).padStart(2, '0')).join('');
const colourDistance = (a, b) => Math.max(...a.map((c, k) => Math.abs(c - b[k])));

// ---------------------------------------------------------------------------------------------
// The checks.

/// Why the elements matching `selector` are not rendered, or null when they all are.
async function notRendered(page, selector) {
  return page.evaluate(selector => {
    const elements = [...document.querySelectorAll(selector)];
    if (elements.length === 0) return 'no element matches';
    for (const [index, element] of elements.entries()) {
      const name = `element ${index + 1} of ${elements.length} (<${element.localName}>)`;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') return `${name} is hidden (display ${style.display}, visibility ${style.visibility})`;
      const box = element.getBoundingClientRect();
      if (!(box.width > 0 && box.height > 0)) return `${name} has an empty box (${box.width} x ${box.height})`;
      if (element.localName === 'img' && !(element.complete && element.naturalWidth > 0)) return `${name} is not decoded (complete ${element.complete}, naturalWidth ${element.naturalWidth})`;
    }
    return null;
  }, selector);
}

/// The ready flag: if the page set it, waits until it is true (a page that never gets ready is
/// checked as it is then; --expect-ready fails it). Returns whether the page set the flag.
async function waitUntilReady(page, timeout) {
  const setByPage = await page.evaluate(() => window.__pageCheckReadySet === true);
  if (setByPage) {
    await page.waitForFunction(() => window.gougechekReady === true, {timeout, polling: 50}).catch(() => {});
  }
  return setByPage;
}

async function runAction(context, action) {
  const {page, settings, result} = context;
  const check = (ok, detail) => {
    result.checks.push({check: `${action.option}${action.value === undefined ? '' : ' ' + action.value}`, ok, detail});
    if (!ok) context.failures.push(`${action.option}${action.value === undefined ? '' : ' ' + action.value}: ${detail}`);
  };
  const firstElement = async selector => {
    const element = await page.$(selector);
    if (element === null) check(false, 'no element matches');
    return element;
  };
  const shoot = async element => element.screenshot({type: 'png', captureBeyondViewport: true});

  switch (action.option) {
    case '--expect-no-errors': {
      const errors = [...result.console_errors.map(e => `console: ${e.text}`), ...result.page_errors.map(e => `page error: ${e}`)];
      return check(errors.length === 0, errors.length === 0 ? 'none' : errors.join(' | '));
    }
    case '--expect-no-requests':
      return check(result.requests.length === 0, result.requests.length === 0 ? 'none'
          : result.requests.map(r => `${r.type} ${r.url}`).join(' | '));
    case '--expect-ready':
      return check(result.ready_ms !== null, result.ready_ms !== null ? `ready after ${result.ready_ms} ms`
          : result.ready_flag_set ? `window.gougechekReady not true after ${settings.timeout} ms`
          : 'the page never set window.gougechekReady');
    case '--expect-selector': {
      const why = await notRendered(page, action.selector);
      return check(why === null, why ?? 'rendered');
    }
    case '--expect-count': {
      const count = await page.$$eval(action.selector, elements => elements.length);
      return check(count === action.count, `${count} match`);
    }
    case '--expect-drawn':
    case '--expect-webgl': {
      const why = await notRendered(page, action.selector);
      if (why !== null) return check(false, why);
      if (action.option === '--expect-webgl') {
        const webgl = await page.$eval(action.selector, canvas => {
          const context = canvas.__pageCheckRenderingContext;
          const type = canvas.__pageCheckContext;
          if (canvas.localName !== 'canvas') return `<${canvas.localName}> is no canvas`;
          if (!/^(webgl|webgl2|experimental-webgl)$/.test(type ?? '')) return `the page made no WebGL context on it (context: ${type ?? 'none'})`;
          if (context.isContextLost()) return 'its WebGL context is lost';
          return null;
        });
        if (webgl !== null) return check(false, webgl);
      }
      const details = [];
      for (const element of await page.$$(action.selector)) {
        const analysis = analysePng(await shoot(element), [], 8);
        details.push(`${analysis.width}x${analysis.height}, ${(100 * analysis.differing).toFixed(1)} % off ${hex(analysis.common)}`);
        if (analysis.differing < 0.005) return check(false, `flat: ${details.at(-1)}`);
      }
      return check(true, details.join('; '));
    }
    case '--pixel-check': {
      const element = await firstElement(action.selector);
      if (element === null) return;
      const background = await element.evaluate(element => {
        for (let e = element; e; e = e.parentElement) {
          const colour = getComputedStyle(e).backgroundColor.match(/[\d.]+/g).map(Number);
          if (colour.length === 3 || colour[3] === 1) return colour.slice(0, 3);
        }
        return [255, 255, 255];
      });
      const x = Math.floor(action.x), y = Math.floor(action.y);
      const analysis = analysePng(await shoot(element), [[x, y]], 8);
      const [pixel] = analysis.pixels;
      if (pixel === null) return check(false, `${x},${y} is outside the element's ${analysis.width}x${analysis.height} px`);
      const {colour} = action;
      const found = `${hex(pixel)} (background ${hex(background)})`;
      if (colour.kind === 'background') return check(colourDistance(pixel, background) <= colour.tolerance, found);
      if (colour.kind === 'not-background') return check(colourDistance(pixel, background) > colour.tolerance, found);
      return check(colourDistance(pixel, colour.rgb) <= colour.tolerance, found);
    }
    case '--click': {
      const element = await firstElement(action.selector);
      if (element === null) return;
      await element.evaluate(element => element.scrollIntoView({block: 'center', inline: 'center'}));
      // Where the targets of the --expect-scrolled-to checks that follow stand before the click.
      context.inViewBeforeClick = new Map();
      for (const later of context.pending) {
        if (later.option === '--click') break;
        if (later.option === '--expect-scrolled-to') context.inViewBeforeClick.set(later.selector, await inView(page, later.selector));
      }
      const box = await element.boundingBox();
      if (box === null) return check(false, 'not laid out (no box)');
      const x = box.x + (action.x ?? box.width / 2), y = box.y + (action.y ?? box.height / 2);
      await page.mouse.click(x, y);
      return check(true, `clicked at ${x.toFixed(1)},${y.toFixed(1)} of the viewport`);
    }
    case '--expect-scrolled-to': {
      if (context.inViewBeforeClick === null) return check(false, 'no --click before it');
      const before = context.inViewBeforeClick.get(action.selector);
      if (before === null) return check(false, 'no element matches');
      if (before) return check(false, 'in view before the click already: the check would prove nothing');
      try {
        await page.waitForFunction(inViewInPage, {timeout: settings.timeout, polling: 50}, action.selector);
        return check(true, `in view, scrolled to ${await page.evaluate(() => window.scrollY)}`);
      } catch {
        return check(false, `not in view after ${settings.timeout} ms (${await inView(page, action.selector) === null ? 'no element matches' : 'out of view'})`);
      }
    }
    case '--screenshot': {
      const height = Math.min(result.document_height, settings.maxHeight);
      await page.screenshot({path: action.file, type: 'png', captureBeyondViewport: true,
                             clip: {x: 0, y: 0, width: settings.width, height}});
      result.screenshots.push({file: action.file, height});
      return check(true, `${settings.width}x${height}`);
    }
    case '--print-pdf': {
      // As Chromium's print to PDF makes it (A4, the page's print styles, backgrounds kept).
      const pdf = Buffer.from(await page.pdf({format: 'A4', printBackground: true}));
      fs.writeFileSync(action.file, pdf);
      const text = pdf.toString('latin1');
      const pages = (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) || []).length;
      result.pdf_pages = pages;
      if (!text.startsWith('%PDF-')) return check(false, 'not a PDF');
      return check(pages >= action.pages, `${pages} pages, ${pdf.length} bytes`);
    }
    case '--element-screenshot': {
      const element = await firstElement(action.selector);
      if (element === null) return;
      fs.writeFileSync(action.file, await shoot(element));
      result.screenshots.push({file: action.file, selector: action.selector});
      return check(true, 'written');
    }
  }
}

/// Whether the first element matching the selector is wholly inside the viewport; null if none.
function inViewInPage(selector) {
  const element = document.querySelector(selector);
  if (element === null) return null;
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.top >= -1 && box.bottom <= window.innerHeight + 1 &&
         box.left >= -1 && box.right <= window.innerWidth + 1;
}
const inView = (page, selector) => page.evaluate(inViewInPage, selector);

// ---------------------------------------------------------------------------------------------

async function loadPuppeteer(folder) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const require = createRequire(path.join(folder ?? here, 'package.json'));
  try {
    return require('puppeteer-core');
  } catch (error) {
    throw new Error(`puppeteer-core not found from ${folder ?? here} (tests/html/install.sh DIR installs it; ` +
                    `pass --puppeteer DIR or set GOUGECHEK_PUPPETEER_DIR): ${error.message}`);
  }
}

async function main() {
  let settings;
  try {
    settings = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`page_check: ${error.message}\n${usage}`);
    return 2;
  }
  const pagePath = path.resolve(settings.page);
  if (!fs.existsSync(pagePath)) {
    console.error(`page_check: no such page: ${settings.page}`);
    return 2;
  }
  if (!fs.existsSync(settings.chromium)) {
    console.error(`page_check: no Chromium at ${settings.chromium} (Debian package chromium; --chromium PATH)`);
    return 2;
  }
  const puppeteer = await loadPuppeteer(settings.puppeteer);
  const browserTimeout = 120000;
  const pageUrl = pathToFileURL(pagePath).href;

  const browser = await puppeteer.launch({
    executablePath: settings.chromium,
    headless: true,
    // Starting the browser and each call to it: limits of their own, so that a short --timeout
    // (for a wait that should fail) cannot fail them on a busy machine.
    timeout: browserTimeout,
    protocolTimeout: browserTimeout,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--host-resolver-rules=MAP * ~NOTFOUND', ...settings.browserArgs],
  });
  // A hang anywhere (the browser, a wait without its own limit) ends the run and the browser,
  // which puppeteer starts in a process group of its own: a test's timeout would leave it.
  const watchdogMs = Math.max(3 * settings.timeout, 180000);
  const watchdog = setTimeout(() => {
    console.error(`page_check: still running after ${watchdogMs} ms: giving up`);
    browser.process()?.kill('SIGKILL');
    process.exit(2);
  }, watchdogMs);
  try {
    const result = {
      page: settings.page, page_bytes: fs.statSync(pagePath).size, chromium: await browser.version(),
      load_ms: null, ready_ms: null, ready_flag_set: false, painted_ms: null, document_height: null,
      document_width: null,
      console_errors: [], page_errors: [], requests: [], canvases: [], screenshots: [], checks: [],
    };
    // The tab the browser opened with: the only one, in the foreground, so that it paints.
    const [page] = await browser.pages();
    await page.setViewport({width: settings.width, height: settings.height, deviceScaleFactor: 1});
    await page.evaluateOnNewDocument(instrumentPage);
    page.on('console', message => {
      if (message.type() !== 'error') return;
      const where = message.location();
      result.console_errors.push({text: message.text(), url: where?.url, line: where?.lineNumber});
    });
    page.on('pageerror', error => result.page_errors.push(String(error?.message ?? error)));
    page.on('dialog', dialog => {
      result.page_errors.push(`dialog (${dialog.type()}): ${dialog.message()}`);
      dialog.dismiss().catch(() => {});
    });
    await page.setRequestInterception(true);
    page.on('request', request => {
      const url = request.url();
      if (url === pageUrl || url.startsWith('data:') || url.startsWith('blob:')) {
        request.continue().catch(() => {});
        return;
      }
      result.requests.push({url, type: request.resourceType()});
      request.abort('blockedbyclient').catch(() => {});
    });
    const devtools = await page.createCDPSession();
    await devtools.send('Network.enable');
    devtools.on('Network.webSocketCreated', event => result.requests.push({url: event.url, type: 'websocket'}));

    try {
      await page.goto(pageUrl, {waitUntil: 'load', timeout: settings.timeout});
    } catch (error) {
      console.error(`page_check: ${settings.page} did not load: ${error.message}`);
      return 2;
    }
    const readyFlagSet = await waitUntilReady(page, settings.timeout);
    // Two animation frames: whatever the page changed last is painted before anything is read.
    const paintedMs = await page.evaluate(() => new Promise(resolve =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(Math.round(performance.now()))))));
    Object.assign(result, await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0];
      const canvases = [...document.querySelectorAll('canvas')].filter(c => c.__pageCheckContext !== undefined).map(canvas => {
        const entry = {id: canvas.id || null, context: canvas.__pageCheckContext, width: canvas.width, height: canvas.height};
        const context = canvas.__pageCheckRenderingContext;
        if (/webgl/.test(entry.context)) {
          const info = context.getExtension('WEBGL_debug_renderer_info');
          entry.renderer = info ? context.getParameter(info.UNMASKED_RENDERER_WEBGL) : context.getParameter(context.RENDERER);
        }
        return entry;
      });
      return {
        load_ms: Math.round(navigation.loadEventEnd),
        ready_ms: window.__pageCheckReadyAt === undefined ? null
            : Math.round(Math.max(navigation.loadEventEnd, window.__pageCheckReadyAt)),
        document_height: document.documentElement.scrollHeight,
        document_width: document.documentElement.scrollWidth,
        canvases,
      };
    }));
    result.ready_flag_set = readyFlagSet;
    result.painted_ms = paintedMs;

    const context = {page, settings, result, failures: [], pending: [...settings.actions], inViewBeforeClick: null};
    while (context.pending.length > 0) await runAction(context, context.pending.shift());

    const text = JSON.stringify(result, null, 1) + '\n';
    if (settings.out) fs.writeFileSync(settings.out, text);
    else process.stdout.write(text);
    for (const failure of context.failures) console.error(`FAILED: ${settings.page}: ${failure}`);
    return context.failures.length === 0 ? 0 : 1;
  } finally {
    clearTimeout(watchdog);
    await browser.close();
  }
}

main().then(code => process.exit(code), error => {
  console.error(`page_check: ${error.stack ?? error}`);
  process.exit(2);
});
