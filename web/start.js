// Starts Tabula's web build (index.html loads it after idbfs.js and Go's
// wasm_exec.js; a file of its own so that the page's
// Content-Security-Policy needs no inline script). See index.html.
(function () {
  "use strict";
  var times = window.tabulaTimes = {};
  var step = document.getElementById("step");
  var loading = document.getElementById("loading");

  function fail(words) {
    loading.className = "failed";
    step.textContent = words;
  }

  // The first frame: Fyne's driver adds its canvas when the window opens
  // and draws into it on the next animation frames; the app says it has
  // shown its first screen (tabulaShown, ui/web_js.go), and the notice
  // leaves on the frame after that.
  window.tabulaShown = function () {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        if (times.firstFrame === undefined) times.firstFrame = performance.now();
        loading.remove();
      });
    });
  };

  if (typeof WebAssembly !== "object" || typeof Go !== "function") {
    fail("This browser cannot run Tabula: it needs WebAssembly.");
    return;
  }
  var probe = document.createElement("canvas");
  if (!(probe.getContext("webgl2") || probe.getContext("webgl"))) {
    fail("This browser cannot draw Tabula: it needs WebGL, which is switched off or missing.");
    return;
  }

  var go = new Go();
  var response = fetch("tabula.wasm").then(function (r) {
    if (!r.ok) throw new Error("the server answered " + r.status + " for tabula.wasm");
    step.textContent = "Getting the games ready...";
    return r;
  });
  var compile = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(response, go.importObject)
    : response.then(function (r) { return r.arrayBuffer(); })
        .then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
  compile.then(function (result) {
    times.compiled = performance.now();
    step.textContent = "Opening Tabula...";
    times.started = performance.now();
    go.run(result.instance).then(function () {
      fail("Tabula has stopped. Reload the page to start it again.");
      document.body.appendChild(loading);
    });
  }).catch(function (err) {
    fail("Tabula could not be loaded (" + err.message + "). Reload the page to try again.");
  });
})();
