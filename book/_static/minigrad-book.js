// The course website's BackwardStepper player: the stepper's frames, stored in the
// notebook as a list (.minigrad-stepper-frames), shown one at a time with
// Play, Previous, Next and a step slider. Without this script the list reads as a strip.
(function () {
  "use strict";
  function player(root) {
    const frames = Array.from(root.querySelectorAll(".minigrad-stepper-frame"));
    if (frames.length === 0) return;
    const labels = (root.dataset.labels || "Play|Previous|Next").split("|");
    const last = frames.length - 1;
    let step = 0;
    let timer = null;
    const bar = document.createElement("div");
    bar.className = "minigrad-player-controls";
    const button = (text, cls) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.className = cls;
      bar.appendChild(b);
      return b;
    };
    const play = button("▶ " + labels[0], "minigrad-play");
    const prev = button("◀ " + labels[1], "minigrad-prev");
    const next = button(labels[2] + " ▶", "minigrad-next");
    const slider = document.createElement("input");
    slider.type = "range";
    slider.min = "0";
    slider.max = String(last);
    slider.value = "0";
    slider.className = "minigrad-step-slider";
    slider.setAttribute("aria-label", "step");
    bar.appendChild(slider);
    const show = (k) => {
      step = Math.max(0, Math.min(last, k));
      frames.forEach((f, i) => f.classList.toggle("minigrad-current", i === step));
      slider.value = String(step);
      prev.disabled = step === 0;
      next.disabled = step === last;
      root.dataset.step = String(step);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      play.textContent = "▶ " + labels[0];
    };
    play.addEventListener("click", () => {
      if (timer !== null) return stop();
      if (step === last) show(0);
      play.textContent = "⏸ " + labels[0];
      timer = setInterval(() => (step === last ? stop() : show(step + 1)), 1200);
    });
    prev.addEventListener("click", () => { stop(); show(step - 1); });
    next.addEventListener("click", () => { stop(); show(step + 1); });
    slider.addEventListener("input", () => { stop(); show(Number(slider.value)); });
    const list = root.querySelector(".minigrad-stepper-frames");
    list.parentNode.insertBefore(bar, list);
    root.classList.add("minigrad-player");
    show(0);
  }
  function start() {
    document.querySelectorAll(".minigrad-stepper-static").forEach(player);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
