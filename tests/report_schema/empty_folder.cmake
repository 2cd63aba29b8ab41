# cmake -DFOLDER=DIR -P empty_folder.cmake: DIR exists and is empty (the report collection).
file(REMOVE_RECURSE ${FOLDER})
file(MAKE_DIRECTORY ${FOLDER})
