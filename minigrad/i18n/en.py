# ruff: noqa: E501  (a catalogue holds sentences: one per line reads and translates best)
"""English: the catalogue every other language translates (key -> text).

Texts are ``str.format`` templates: ``{t}`` and the like are filled in by the
code that uses them. Keys are grouped by the module that speaks them.
"""

MESSAGES: dict[str, str] = {
    # --- minigrad.explain: what each cause means, in one line (in the order they are checked)
    "cause.non_leaf": "a non-leaf tensor without retain_grad()",
    "cause.integer": "an integer tensor cannot require grad",
    "cause.requires_grad_false": "requires_grad is False",
    "cause.frozen": "a parameter frozen with requires_grad_(False)",
    "cause.detach": "cut from the graph by detach()",
    "cause.data": "cut from the graph by .data",
    "cause.no_grad": "made under torch.no_grad()",
    "cause.not_connected": "not connected to the output",
    "cause.freed": "the graph was already freed by an earlier backward()",
    "cause.inplace": "a saved tensor was modified in place (version counter)",
    "cause.non_scalar": "backward() of a non-scalar output needs a gradient argument",
    "cause.nothing_requires_grad": "the output does not require grad: nothing to differentiate",
    "cause.not_run_yet": "no backward() has reached this leaf yet",
    "cause.ok": "nothing is wrong",
    # --- minigrad.explain: the explanations
    # the error explainer (minigrad.error_help, %load_ext minigrad)
    "errhelp.at_line": "In `{line}`:",
    "errhelp.the_output": "the output",
    "errhelp.a_tensor": "a tensor",
    "errhelp.some_inplace": "an in-place operation",
    "errhelp.no_forward_line": "(turn on torch.autograd.set_detect_anomaly(True) before the forward pass to see it)",
    "errhelp.freed": "What happened: a backward() already ran through this graph and freed the tensors its nodes saved ({nodes}). This backward needs them again.\nFix: if you really need the same graph twice, pass retain_graph=True to the first backward(); otherwise run the forward pass again, which builds a new graph.",
    "errhelp.hidden_state": "What happened: the graph of {output} reaches into a graph an earlier backward() already freed ({nodes}): a tensor from the previous step (an RNN's hidden state, say) was carried into this step with its history.\nFix: cut it off between steps, h = h.detach(), before the next forward pass.",
    "errhelp.inplace": "What happened: {node} saved {tensor} (a {what} of shape [{shape}]) for backward when it was at version {then}; {op} changed it since, to version {now}, so the value backward needs is gone.\nFix: use the out-of-place form ({tensor} = {tensor} + ... rather than {tensor}.add_(...)), or change a copy, {tensor}.clone().",
    "errhelp.non_scalar": "What happened: {output} has shape {shape}, not a single number, so backward() does not know how to weigh its entries.\nFix: reduce it first ({output}.sum().backward(), or .mean()), pass gradient= with one weight per entry (a tensor of shape {shape}), or compute the whole Jacobian (torch.autograd.functional.jacobian).",
    "errhelp.no_grad_fn": "What happened: {output} has no grad_fn and does not require grad, so there is no graph to go back through. Why: {why}.\nFix: a tensor that requires grad must reach it through recorded operations: not inside torch.no_grad(), not through detach(), .data or numpy, with a floating-point dtype, and requires_grad=True on the leaf.",
    "errhelp.leaf_inplace": "What happened: this line changes a leaf that requires grad in place. Autograd refuses: the leaf is an input of the graph, and the change would not be recorded.\nFix: make parameter updates inside `with torch.no_grad():` (optimizers do exactly that), or compute a new tensor out of place.",
    "errhelp.unused": "What happened: input {i} of autograd.grad, {input}, is not used by the graph of {output}: no path leads from {output} back to it, so there is no gradient to return.\nFix: check that {output} is really computed from {input}; if no gradient is expected, pass allow_unused=True (you get None) or materialize_grads=True (you get zeros).",
    "errhelp.shape": "What happened: the gradient given for output {i} has shape [{g}], but the output has shape [{out}]. gradient= (grad_outputs= in autograd.grad) holds one weight per entry of the output, so the two shapes must be equal.\nFix: pass a tensor of shape [{out}], for example torch.ones_like({output}).",
    "errhelp.nan": "What happened: anomaly detection checks the result of every backward function, and {node} returned NaN in its output {i}. Its forward line: {where}\nFix: the derivative is infinite or undefined there (sqrt or log at 0, a division by 0). torch.where alone does not help, because both branches are differentiated: make the input safe first, as lesson 10 shows.",
    "errhelp.folded_frames": "[outer frames folded: {n} (Python and Jupyter running your code); %unload_ext minigrad shows them as torch prints them]",
    "errhelp.op_in_line": "{op} in `{line}`",
    "errhelp.mark.shape": "shape {shape}: not one number",
    "errhelp.mark.shape_vs": "shape [{out}], but gradient= has [{g}]",
    "errhelp.mark.no_history": "no grad_fn: no history to go back through",
    "errhelp.mark.leaf": "a leaf that requires grad: changed in place",
    "errhelp.hidden_state_carried": "What happened: {carried} is carried from one step to the next, and it brought its history with it: the graph of {output} runs through {carried} into the previous step's graph, which that step's backward() already freed ({nodes}).\nFix: cut it off between steps, {carried} = {carried}.detach(), before the next forward pass (the gradient then stops at the start of each step).",
    "errhelp.mark.carried": "{name} of the previous step: carried in with its history",
    "errhelp.mark.last_step": "the previous step's graph: freed by its backward()",
    "errhelp.mark.nan": "returned NaN",
    "errhelp.mark.non_leaf": "not a leaf: its .grad stays None",
    "errhelp.cut.no_grad": "`{line}` ran inside `{block}`, which records no graph",
    "errhelp.cut.inference_mode": "`{line}` ran inside `{block}`, which records no graph",
    "errhelp.cut.detach": "`{line}` calls .detach(), which returns the values without their history",
    "errhelp.cut.data": "`{line}` reads .data, the values without their history",
    "errhelp.cut.numpy": "`{line}` goes through numpy or Python numbers, where autograd cannot follow",
    "errhelp.cut.new_tensor": "`{line}` builds a new tensor from another's values; the new one has no history",
    "errhelp.cut.integer": "{name} is an integer tensor; only floating-point and complex tensors can require grad",
    "errhelp.cut.leaf": "{name} is a leaf made by `{line}` without requires_grad=True",
    "errhelp.title.freed": "A second backward through a freed graph",
    "errhelp.title.hidden_state": "This step's graph reaches into the last step's",
    "errhelp.title.inplace": "A saved tensor was changed in place",
    "errhelp.title.non_scalar": "backward() of an output that is not one number",
    "errhelp.title.no_grad_fn": "The output has no history",
    "errhelp.title.leaf_inplace": "An in-place change of a leaf that requires grad",
    "errhelp.title.unused": "An input the graph does not use",
    "errhelp.title.shape": "A gradient of the wrong shape",
    "errhelp.title.nan": "A backward function returned NaN",
    "errhelp.title.non_leaf_grad": "The .grad of a tensor that is not a leaf",
    "errhelp.non_leaf_grad": "What happened: `{line}` reads the .grad of a tensor that is not a leaf. backward() fills .grad only for leaves, so it is None.\nFix: call .retain_grad() on that tensor before backward(), or read the .grad of the leaf instead.",
    "explain.the_tensor": "the tensor",
    "explain.the_output": "the output",
    "explain.output": "output",
    "explain.an_input": "an input",
    "explain.a_tensor_requiring_grad": "a tensor that requires grad",
    "explain.retained_set": "{t}.grad is set: {t} has retain_grad().",
    "explain.but_as_output": "\n\nBut as an output: ",
    "explain.also_as_output": "\n\nAlso, as an output: ",
    "explain.and_not_leaf": (
        "\n\n(And {t}.grad itself stays None in any case: {t} is not a leaf; call "
        "retain_grad() to keep it.)"
    ),
    "explain.non_leaf": (
        "{t}.grad is None because {t} is not a leaf: it was computed by {fn}.\n"
        "backward() stores gradients only in leaves (tensors you created with "
        "requires_grad=True); the gradients of intermediate tensors are used and then thrown "
        "away.\n"
        "Fix: call {t}.retain_grad() before backward(), or look at the .grad of the leaves."
    ),
    "explain.retained_holds": (
        "{t} has retain_grad(), so backward() will fill {t}.grad (it already holds a gradient)."
    ),
    "explain.retained_waits": (
        "{t} has retain_grad(), so backward() will fill {t}.grad; no backward has reached it yet."
    ),
    "explain.non_leaf_output": (
        "{t}.grad is None because {t} is not a leaf: it was computed by {fn}.\n"
        "backward() stores gradients only in leaves.\n"
        "Fix: call {t}.retain_grad() before {o}.backward()."
    ),
    "explain.integer": (
        "{t} does not require grad: its dtype is {dtype}, and only floating point tensors can "
        "have gradients.\n"
        "Fix: create it as a float tensor, e.g. torch.tensor([...], dtype=torch.float32)."
    ),
    "explain.detach": (
        "{t} does not require grad: it was cut from the graph by {b}.detach().\n"
        "It shares {b}'s numbers but not its history, so no gradient flows through {t} back "
        "to {b}.\n"
        "Fix: use {b} itself where you want gradients."
    ),
    "explain.no_grad_view": (
        "{t} does not require grad: it is a view of {b} made while grad mode was off (inside "
        "torch.no_grad()), so nothing was recorded.\n"
        "Fix: compute it outside the no_grad() block."
    ),
    "explain.data": (
        "{t} does not require grad: it shares its numbers with {c}, which requires grad, but "
        "not its history: it was made by {c}.data (or .numpy() / from_numpy()).\n"
        "Changes made through it are not recorded and no gradient flows through it back to "
        "{c}.\n"
        "Fix: use {c} itself."
    ),
    "explain.grad_mode_off": "\nNote: grad mode is off right now (you are inside torch.no_grad()).",
    "explain.requires_grad_false": (
        "{t}.grad is None because {t} does not require grad ({t}.requires_grad is False) and "
        "has no grad_fn.\n"
        "Either it was created without requires_grad=True (torch.tensor(...) and "
        "torch.Tensor(...) default to False), or it was computed inside torch.no_grad(), or "
        "only from tensors that do not require grad: autograd recorded nothing.\n"
        "Fix: create it with requires_grad=True, or call {t}.requires_grad_()."
    ),
    "explain.cut_copy": (
        "{t}.grad is None because {o} does not depend on {t} itself but on a copy cut from "
        "the graph by {made}: same numbers, no history, so the gradient stops there.\n"
        "Fix: use {t} itself in the computation of {o}."
    ),
    "explain.not_connected": (
        "{t}.grad is None because {t} is not connected to {o}: no path of grad_fn nodes leads "
        "from {o} back to {t}.\n"
        "backward() only reaches the leaves {o} was computed from. Perhaps {o} was computed "
        "from another tensor (a re-created {t}, or one made inside torch.no_grad())."
    ),
    "explain.not_connected_no_graph": (
        "{t}.grad is None because {t} is not connected to {o}: no path of grad_fn nodes leads "
        "from {o} back to {t} (it has no graph at all).\n"
        "backward() only reaches the leaves {o} was computed from. Perhaps {o} was computed "
        "from another tensor (a re-created {t}, or one made inside torch.no_grad())."
    ),
    "explain.not_run_yet_output": (
        "{t} is connected to {o} and {o}.backward() would work: {t}.grad is None only because "
        "that backward() has not run yet."
    ),
    "explain.ok_output": "{t}.grad is set; {o}.backward() would add to it.",
    "explain.not_run_yet": (
        "{t} is a leaf that requires grad, so backward() will fill {t}.grad, but no backward() "
        "has reached it yet: either none ran, or the output you called it on does not depend "
        "on {t}.\n"
        "Check with explain({t}, output=loss)."
    ),
    "explain.ok_leaf": "{t}.grad is set: {t} is a leaf that requires grad.",
    "explain.nothing_requires_grad": (
        "{o}.backward() would fail: {o} does not require grad and has no grad_fn "
        "(RuntimeError: element 0 of tensors does not require grad and does not have a "
        "grad_fn).\n"
        "It was computed only from tensors that do not require grad, or inside "
        "torch.no_grad(), or from a detach()/.data copy."
    ),
    "explain.non_scalar": (
        "{o}.backward() would fail: {o} has {n} elements (shape {shape}), and a gradient can "
        "be created implicitly only for a scalar (RuntimeError: grad can be implicitly created "
        "only for scalar outputs).\n"
        "Fix: reduce it first ({o}.sum().backward()), or pass the vector v of the "
        "vector-Jacobian product: {o}.backward(v) with v shaped like {o}."
    ),
    "explain.freed": (
        "{o}.backward() would fail: the graph was already freed by an earlier backward(). "
        "{node} released the values it saved, so the gradient cannot be computed again.\n"
        "RuntimeError: {message}\n"
        "Fix: pass retain_graph=True to the first backward() if you need a second one (the "
        "gradients then add up), or run the forward pass again."
    ),
    "explain.its_own_output": "its own output ({node}'s result)",
    "explain.changed_by": " (changed by an in-place op, its grad_fn is now {fn})",
    "explain.inplace": (
        "{o}.backward() would fail: {node} saved {what} for backward, and it was modified in "
        "place afterwards: version {now} now, version {then} when saved.\n"
        "RuntimeError: {message}\n"
        "Fix: use the out-of-place form (y = y + 1 instead of y += 1 or y.add_(1)), or modify "
        "a .clone()."
    ),
    # --- minigrad.viz.style: the labels' font (it must have this language's characters)
    "style.font": "Helvetica",
    # --- minigrad.viz: legend entries, node or edge kind -> text (shown only for kinds drawn)
    "legend.param": "leaf (requires_grad)",
    "legend.const": "constant (no grad)",
    "legend.computed": "computed (has grad_fn)",
    "legend.root": "output (double border)",
    "legend.op": "operator",
    "legend.op_cut": "op run under no_grad",
    "legend.grad_fn": "grad_fn node",
    "legend.accumulate": "AccumulateGrad",
    "legend.grad": "gradient flowing back",
    "legend.cut": "cut: no gradient crosses",
    "legend.saved": "saved for backward",
    "figure.sum_of": "sum of {n}: {value}",  # an edge carrying several gradients, added
    "figure.n_gradients": "{n} gradients",  # ... when some of them are unknown
    "figure.saved_freed": "saved: freed",  # a node whose saved tensors a backward pass freed
    "legend.freed": "freed after backward",
    "legend.fold": "×N: a block repeated N times",
    "viz.fold_params": "params: {names}",
    # --- minigrad.viz: labels and captions
    "viz.na_note": (
        "n/a: this gradient cannot be recomputed because backward() freed the saved tensors. "
        "Use retain_graph=True, or record it with viz.record()."
    ),
    "viz.view_forward": "forward: the computation",
    "viz.view_backward": "backward: gradient flow",
    "viz.more_node": "… {n} more node",
    "viz.more_nodes": "… {n} more nodes",
    "viz.under_no_grad": "under no_grad",
    "viz.view_under_no_grad": "view under no_grad",
    # --- minigrad.viz.zoom: Figure.zoomable()'s frame
    "zoom.frame_title": "drag to pan, Ctrl + wheel to zoom",
    "zoom.out_title": "zoom out (-)",
    "zoom.in_title": "zoom in (+)",
    "zoom.actual": "Actual size",
    "zoom.actual_title": "the natural size (0)",
    "zoom.fit": "Fit",
    "zoom.fit_title": "the whole graph in the frame",
    "zoom.open": "Open full size",
    "zoom.open_title": "the SVG alone, in a new tab",
    "zoom.hint": "drag to pan · Ctrl + wheel to zoom",
    "zoom.repr": "<minigrad.viz.ZoomView at {scale}: drag to pan, Ctrl + wheel to zoom>",
    # --- minigrad.viz.steps: the frames of a backward pass, step by step
    "steps.running_now": "running now",
    "steps.already_ran": "already ran",
    "steps.not_run_yet": "not run yet",
    "steps.failed_here": "backward failed here",
    "steps.none": "none",  # a .grad not computed yet, in the legend
    "steps.grad_none": "grad: none",  # ... on a leaf
    "steps.none_meaning": ".grad not computed yet (not the same as 0)",
    "steps.in": "in: {values}",
    "steps.grad_has_grad_fn": "grad has grad_fn={fns}",
    "steps.saved_freed": "saved values freed",
    "steps.saved_modified": "saved tensor modified",
    "steps.modified_in_place": "modified in place",
    "steps.step_running": "step {index}: running",
    "steps.error_here": "RuntimeError here",
    "steps.waiting": "waiting: got {values}",
    "stepper.too_large": "This graph has {n} nodes, more than max_nodes={max_nodes}: too many to step one node at a time. Pass a larger max_nodes= (e.g. max_nodes={n}) to step it node by node, or by_module=True to step it one module at a time (model=your_model tells the stepper its modules).",
    "stepper.not_grouped": "This stepper steps node by node: only a stepper grouped by module (a big graph, or by_module=True) can open a module.",
    "stepper.no_module": "There is no module {module!r} in this graph. Its modules: {modules}.",
    "viz.op_numbers": "with {values}",
    "viz.too_large_folded": "Even with its repeated layers folded (collapse=True), this graph has {n} nodes, more than max_nodes={max_nodes}. Pass max_nodes={n} to draw it folded, elide=True to draw the part nearest the output, or leave collapse and max_nodes out: a big graph is then drawn one box per module.",
    "viz.fold_steps": " ({n} steps)",
    "modpic.nodes": "{n} graph nodes",
    "modpic.stage": "depth {first}–{last} from the output",
    "modpic.params": "{n} parameters",
    "modpic.note": "Drawn in groups so that it reads at this width: one box per module, or per stretch of the graph when it has no modules. max_nodes={n} draws every node; widgets.BackwardStepper(...).open('a module') steps inside one.",
    "modsteps.outside": "outside any module",
    "modsteps.all_params": "{done} of {n} parameters have a .grad",
    "modsteps.then": "; this module's: ",
    "modsteps.stage": "nodes {first}–{last} in the engine's order",
    "modsteps.rest": "the rest of the graph",
    "modsteps.run": "{module}: {n} nodes ran, from {first} to {last}.",
    "modsteps.ran": "{ran} of {n} nodes ran",
    "modsteps.params": "{n} parameters, {done} with .grad",
    "modsteps.crossed": "{got} of {n} gradients",
    "steps.in_output": "in at output {nr}{shape}: {values}",  # a node with several outputs
    "steps.waiting_output": "waiting at output {nr}{shape}: got {values}",
    "steps.output_shape": ", shape [{dims}]",
    "steps.edges_arrived": "{got} of {n} edges arrived",
    "steps.not_computed_tooltip": "{name}.grad: not computed yet (None)",
    "steps.not_connected": "not connected",
    # --- minigrad.viz.gallery: the textbook's figures
    "gallery.linear_forward": "z = w*x + b: the forward graph",
    "gallery.linear_backward": "z = w*x + b: gradients flowing back",
    "gallery.linear_both": "z = w*x + b, forward and backward",
    "gallery.quadratic_backward": "y = (x+1)*(x+2): dy/dx = (x+2) + (x+1) = 7",
    "gallery.second_backward": "z = x*x*y: dz/dx = 2xy = 12",
    "gallery.second_grad_forward": "dz/dx = 2xy, built by backward with create_graph=True",
    "gallery.second_grad_backward": "differentiating again: d2z/dx2 = 2y = 6, d2z/dxdy = 2x = 4",
    # --- minigrad.widgets.BackwardStepper
    "stepper.repr": "BackwardStepper: {nodes} nodes run; step {step} of {last}",
    "stepper.repr_error": (
        "BackwardStepper: {nodes} nodes run, then RuntimeError; step {step} of {last}"
    ),
    "stepper.play": "Play",
    "stepper.step": "step",
    "stepper.previous": "Previous",
    "stepper.next": "Next",
    "stepper.head": "Step {index} of {last}: ",
    "stepper.none_yet": "none yet",
    "stepper.warning": "warning: ",
    "export.live_note": (
        "Every step of the backward pass, as the BackwardStepper shows it. In Jupyter it is "
        "live: Play, Previous, Next and the step slider move through these frames."
    ),
    # --- the stepper's sentences (minigrad.widgets._replay), one per step
    "replay.start_one": "Start: the gradient of the output with respect to itself is 1.",
    "replay.start_gradient": (
        "Start: the gradient of the output with respect to itself is the `gradient` you pass."
    ),
    "replay.the_start": "the start",
    "replay.stopped": "backward() stopped at {where} with RuntimeError: {error}",
    "replay.the_leaf": "the leaf",
    "replay.accumulate": (
        "{node} adds the incoming gradient {grads} into {name}.grad, which is now {now}."
    ),
    "replay.node": "{node} receives {grads_in} and sends {grads_out} to its inputs.",
    "replay.freed": " Its saved values are freed (retain_graph=False).",
    "replay.create_graph": (
        " The gradients carry a grad_fn (create_graph=True): they are part of a new graph."
    ),
    # --- minigrad.widgets.GradientSliders
    "sliders.input": "input",
    "sliders.value": "value",
    "sliders.fixed": "fixed (no grad)",
    "sliders.no_path": "None: no path to the output",
    "sliders.output": "(output)",
    "sliders.several_elements": "The output has several elements: backward used gradient=ones.",
    # --- minigrad.widgets.JacobianExplorer (HTML allowed)
    "jacobian.row_button": "row {i} (one-hot)",
    "jacobian.ones_button": "all ones (the trap)",
    "jacobian.matrix_head": (
        "<b>Jacobian J</b> (row i: the gradient of y_i; built row by row with one-hot v and "
        "retain_graph=True)"
    ),
    "jacobian.puts_in": "<b>y.backward(v)</b> puts in <b>x.grad</b>: ",
    "jacobian.one_hot": (
        "v = {v} is one-hot: x.grad is <b>row {i}</b> of J, the gradient of {y} alone."
    ),
    "jacobian.trap": (
        "The trap: with v = {v}, y.backward(v) gives vᵀJ = the sum of the rows of J (each "
        "column added up: {sums}). That is one vector, not the Jacobian. To get J, use one-hot "
        "v, one row at a time."
    ),
    "jacobian.zero": "v = 0: no gradient flows; x.grad is all zeros.",
    "jacobian.times_row": "{w} × row {i}",
    "jacobian.weighted": "x.grad = vᵀJ = {terms}: a weighted sum of the rows of J.",
    # --- minigrad.lessons: what check() prints
    "lessons.all_solutions_pass": "All solutions pass their checks.",
    "lessons.correct": "Correct!",
    "lessons.not_yet": "Not yet: ",
    "lessons.closer_hint": " (Still stuck? A wrong try again gives a closer hint.)",
    "lessons.not_answered": (
        "Not answered yet: replace the ... with your answer and run the cell again."
    ),
    "lessons.not_changed": "Not answered yet: this is the function as given. Fix it and run the cell again.",
    "lessons.cannot_check": "this answer is not in the form the question asks for: look at the comment after the `...`.",
    "lessons.function_raised": "your function raised {kind} when it was called: run it on a small input to see why.",
    "lessons.no_pytorch": "(PyTorch is not installed, so there is nothing to compare with.)",
    "lessons.identical": "identical: {same}",
    # --- minigrad.lessons: the plots
    "plot.slope.title": "f(x) and its derivative f′(x)",
    "plot.slope.f": "f(x)",
    "plot.slope.tangent": "tangent at x = {x}: slope {slope}",
    "plot.slope.derivative": "f′(x), from autograd",
    "plot.errors.title": "error of the estimated slope, as h shrinks",
    "plot.errors.forward": "one-sided: (f(x+h) − f(x)) / h",
    "plot.errors.central": "central: (f(x+h) − f(x−h)) / 2h",
    "plot.errors.best_central": "ε^(1/3) ≈ {h}: best h for the central one",
    "plot.errors.best_forward": "ε^(1/2) ≈ {h}: best h for the one-sided one",
    "plot.errors.xlabel": "step h (float64)",
    "plot.errors.ylabel": "|estimate − f′({x})|",
    "plot.training.title": "training: the loss, and the fitted function",
    "plot.training.step": "training step",
    "plot.training.loss": "loss (log scale)",
    "plot.training.loss_title": "the loss falls, then levels off",
    "plot.training.data": "data",
    "plot.training.model": "the trained network",
    "plot.training.fit_title": "the fitted function over the data",
    # --- minigrad.lessons: the exercises' hints, "hint.<exercise>.<n>" in the judge's order
    "hint.graphs.1.1": "does r require grad? Look at what r is made from: does any of its inputs require grad?",
    "hint.graphs.1.1/2": "r = p * q: one input (q) requires grad, and that is enough for r to require it.",
    "hint.graphs.1.2": "is r a leaf? A leaf is a tensor that no recorded operation made. How was r made?",
    "hint.graphs.1.2/2": "r requires grad and was made by an operation (it has a grad_fn), so it is not a leaf.",
    "hint.graphs.1.3": "give two answers, each True or False (1 or 0 works too): (r_requires_grad, r_is_leaf).",
    "hint.graphs.2.1": "count the passes of the loop: each one multiplies once.",
    "hint.graphs.3.1": "u = torch.zeros(3) is a new tensor: requires_grad is False by default.",
    "hint.graphs.3.2": "s is computed from tensors that do not require grad, so it does not either.",
    "hint.graphs.3.3": "v = u + w[0] uses w, a leaf that requires grad.",
    "hint.graphs.3.4": "{names}: the question is about u, v and s only.",
    "hint.derivative.1.1": "that is sin(1), the value of the function; the question asks for its slope.",
    "hint.derivative.1.3": "close, but that is a one-sided difference: it is off by about h/2 · sin(1) ≈ 4e-5. Use the central one, (sin(1 + h) - sin(1 - h)) / (2h).",
    "hint.derivative.1.2": "compute (sin(1 + h) - sin(1 - h)) / (2h) with h = 1e-4 (math.sin works).",
    "hint.derivative.1.4": "right formula, but float32 keeps only about 7 digits, and the difference of two close sines loses most of them. Compute in float64: math.sin, or tensors with dtype=torch.float64.",
    "hint.derivative.2.1": "return a tensor with one slope per element of x (the shape of x).",
    "hint.derivative.2.zeros": "the slopes are all still 0: fill slopes[i] for every i (a for loop).",
    "hint.derivative.2.2": "close, but not accurate enough: use the central difference (f(x + h·e_i) - f(x - h·e_i)) / (2h), not the one-sided one.",
    "hint.derivative.2.3": "nudge one element at a time: e_i is 1 at position i and 0 elsewhere.",
    "hint.derivative.2.4": "check gives central a function that returns values only, with no graph: estimate each slope from f's values, as the formula says, without backward().",
    "hint.derivative.3.1": "give the error itself, a positive number such as 1e-3 (not its exponent).",
    "hint.derivative.3.2": "that is about the lowest point of the one-sided (orange) curve; the question is about the central (blue) one.",
    "hint.derivative.3.3": "find the lowest point of the central (blue) curve, and read its height on the vertical axis.",
    "hint.derivative.3.3/2": "the blue curve bottoms out between 10⁻¹¹ and 10⁻¹⁰, near h ≈ 6e-6.",
    "hint.derivative.3.4": "that is a step h, on the horizontal axis; the question asks how large the error is there, on the vertical axis.",
    "hint.derivative.3.5": "ε ≈ 2e-16 is the rounding of one number; at the best step, truncation and rounding meet far above it.",
    "hint.derivative.4.1": "give x.grad as a list of four numbers, one per element of x.",
    "hint.derivative.4.2": "the shares are right, but the max is of 2 * x: what does the multiplication do to the gradient on its way to x?",
    "hint.derivative.4.2/2": "the gradient of (2 * x).max() reaches 2 * x as three shares of 1/3, and the multiplication by 2 doubles each.",
    "hint.derivative.4.3": "three elements tie for the largest: why should one of them take the whole gradient? Which split is the smallest?",
    "hint.derivative.4.3/2": "the minimum-norm subgradient shares the gradient evenly among the tied elements; the element that is not a maximum gets 0.",
    "hint.derivative.4.4": "which elements are the largest of 2 * x, and how does the rule share the gradient among them?",
    "hint.derivative.4.4/2": "1 is not a maximum: it gets 0. The three 4s tie and share evenly, and the factor 2 doubles each share.",
    "hint.derivative.4.4/3": "x.grad = [0, 2/3, 2/3, 2/3]: 1 is shared as three thirds, times 2.",
    "hint.scalar.1.1": "y = (x + 1)(x + 2) is a product: use the product rule, then put in x = -1.",
    "hint.scalar.1.1/2": "dy/dx = (x + 2) + (x + 1); put x = -1 into both terms.",
    "hint.scalar.1.1/3": "(-1 + 2) + (-1 + 1) = 1.",
    "hint.scalar.2.1": "x reaches y along three paths (y = x * x * x), and autograd adds what each path sends. Which single derivative is that sum?",
    "hint.scalar.2.1/2": "d(x³)/dx = 3x²; put in x = 3.",
    "hint.scalar.2.1/3": "3 · 3² = 27.",
    "hint.scalar.3.1": "backward() fills .grad of leaves only; y needs to be told to keep its own.",
    "hint.scalar.3.2": "the method is called on y before backward(), and asks y to keep its gradient.",
    "hint.scalar.3.3": "retain_grad() is the right method, but on which tensor? The one whose gradient you want to read.",
    "hint.scalar.3.3/2": "retain_grad() is the right method, but call it on the tensor whose gradient you want: y.",
    "hint.scalar.3.4": 'write one call as a string, in the form "tensor.method()".',
    "hint.engine.1.1": "the graph has these {n} nodes: {nodes}; use each once.",
    "hint.engine.1.2": "the engine starts at out.grad_fn, the last operation of the forward pass.",
    "hint.engine.1.3": "{node} cannot run yet: it needs the gradient that {before} sends it, so {before} must come first.",
    "hint.engine.2.1": "the chain rule multiplies the local derivative by something that arrives from the output. What?",
    "hint.engine.2.1/2": "multiply by the incoming gradient: the chain rule is grad · d(exp x)/dx.",
    "hint.engine.2.2": "your rule passes grad on unchanged, as if the local derivative were 1. What is the derivative of eˣ?",
    "hint.engine.2.2/2": "d(exp x)/dx is exp x, not 1.",
    "hint.engine.2.3": "at x = {x}, grad = {grad} your rule gives another number than ExpBackward0: the result is grad times exp's local derivative at x.",
    "hint.engine.2.3/2": "at x = {x}, grad = {grad} the gradient to pass on is grad · exp(x).",
    "hint.engine.3.1": "pass the class itself, MyValue (not an instance, not a string).",
    "hint.engine.3.2": "__pow__: your local derivative is not the slope of x**n. How fast does x**n change when x grows a little?",
    "hint.engine.3.2/2": "__pow__: d(x**n)/dx = n · x**(n - 1), with n a plain number.",
    "hint.engine.3.3": "tanh: your local derivative is off. Write the derivative of tanh with t = tanh(x), which is already computed.",
    "hint.engine.3.3/2": "tanh: d(tanh x)/dx = 1 − tanh(x)², and t = tanh(x) is already computed.",
    "hint.engine.3.4": "__neg__: how much does -x change when x grows by 1?",
    "hint.engine.3.4/2": "__neg__: -x changes by -1 when x grows by 1.",
    "hint.engine.3.5": "__sub__: how does a − b change when a grows by 1, and when b grows by 1?",
    "hint.engine.3.5/2": "__sub__: a − b has local derivatives 1 (for a) and −1 (for b).",
    "hint.engine.3.6": "the local derivatives are right, but some gradients differ from minigrad's: order the nodes so that each comes after everything it depends on, walk that order from the output, and add (+=) into every parent.",
    "hint.engine.3.7": "backward() leaves the gradients at 0: set the output's grad to 1, then pass gradients on, node by node, from the output to the leaves.",
    "hint.engine.3.8": "MyValue still uses the backward() it inherits from Value: write its own (an order of the nodes first, then the chain rule from the output).",
    "hint.engine.hand.1": 'give a dict with one gradient per leaf: {"x1": ..., "w1": ..., "x2": ..., "w2": ..., "b": ...}.',
    "hint.engine.hand.2": "these would be right if o were n itself. The gradient reaches n through tanh first: what is tanh's local derivative?",
    "hint.engine.hand.2/2": "tanh's local derivative is 1 − o², with o = tanh(n): every gradient below tanh is multiplied by it.",
    "hint.engine.hand.3": "the local derivative of a product with respect to one factor is the other factor.",
    "hint.engine.hand.3/2": "x1 * w1 changes by w1 when x1 grows by 1: x1's gradient uses w1, and w1's uses x1.",
    "hint.engine.hand.4": "start at o with gradient 1 and go down one operation at a time: tanh first, then the additions, then each product.",
    "hint.engine.hand.4/2": "do/dn = 1 − o²; an addition passes its gradient to each input unchanged; a product multiplies it by the other factor.",
    "hint.engine.hand.4/3": "do/dn = 1 − 0.7071² = 0.5, so b gets 0.5, x1 gets w1 · 0.5 = -1.5, w1 gets x1 · 0.5 = 1, x2 gets w2 · 0.5 = 0.5 and w2 gets x2 · 0.5 = 0.",
    "hint.grad.1.1": "does backward() replace x.grad or add to it? Find dq/dx at x = 1, then count the calls.",
    "hint.grad.1.1/2": "dq/dx = 10x = 10 at x = 1, and each backward() adds it again.",
    "hint.grad.1.1/3": "three calls add 10 three times: 30.",
    "hint.grad.2.1": "it still fails with a RuntimeError. Run grads in a cell and read the error: what did the first call free, that the second one needs?",
    "hint.grad.2.1/2": "it still fails with a RuntimeError, because the first call freed the graph. Ask for both inputs in one call, or keep the graph on the first.",
    "hint.grad.2.2": "the gradients should be dz/dx = 2xy = 12 and dz/dy = x² = 4.",
    "hint.grad.2.3": "right for x = 2, y = 3, but check also calls grads with other values: compute both gradients from the x and y it is given.",
    "hint.grad.3.1": "right number of doublings, but b ends negative: f takes the else branch, which multiplies by 100.",
    "hint.grad.3.2": "d = k · a, and the gradient is k itself: its sign does not depend on the sign of a.",
    "hint.grad.3.3": "follow the path: b = 2a = -0.6 is doubled until |b| ≥ 1000, then b.sum() < 0 picks c = 100 · b. d = k · a: what is k?",
    "hint.nonscalar.1.1": "the Jacobian of x³ is diagonal with entries 3x²; multiply each by v.",
    "hint.nonscalar.2.1": "v must have the shape of z = y.view(2, 2), (2, 2); yours has {shape}.",
    "hint.nonscalar.2.2": "with your v, x.grad = {grad}: each entry is 2 · v, flattened.",
    "hint.nonscalar.3.1": "b.grad has b's shape, [3]: one number per element of b.",
    "hint.nonscalar.3.1/2": "b.grad has b's shape, [3]: the gradient of x @ w + b is [5, 3], and broadcasting sums it over the batch (the 5 rows).",
    "hint.nonscalar.3.2": "b is used by every row of the batch. What does autograd do with the gradients of several uses of one tensor?",
    "hint.nonscalar.3.2/2": "each of the 5 rows uses b once, and every use sends back a 1: the uses add up.",
    "hint.nonscalar.3.3": "the loss is a sum, so every output gets gradient 1. How many outputs does each element of b reach?",
    "hint.nonscalar.3.3/2": "each element of b reaches one output per row of the batch, and x has 5 rows: the 1s add up.",
    "hint.nonscalar.3.3/3": "five rows, five 1s: b.grad = [5, 5, 5].",
    "hint.jacobian.1.1": "row i holds the derivatives of g_i: d(x1·x2)/dx1 = x2, ...",
    "hint.jacobian.2.2": "v has one entry per output of y, which has 2: write it as [a, b] or [[a, b]].",
    "hint.jacobian.2.1": "your v gives x.grad = {grad}; a one-hot v picks one row of J.",
    "hint.forward.1.1": "one forward pass gives one column of J (J·v). How many columns does J have?",
    "hint.forward.1.1/2": "one forward pass gives one column of J (J·v); f has 5 inputs, so 5 columns.",
    "hint.forward.1.2": "one reverse pass gives one row of J (vᵀJ). How many rows does J have?",
    "hint.forward.1.2/2": "one reverse pass gives one row of J (vᵀJ); f has 2 outputs, so 2 rows.",
    "hint.forward.2.1": "the value part of a quotient is just a / b.",
    "hint.forward.2.2": "the slope is not da / db: a quotient has a rule of its own. Which one?",
    "hint.forward.2.2/2": "the slope is not da / db: use the quotient rule, (da·b − a·db) / b².",
    "hint.forward.2.3": "the slope part is not right yet: how does a / b change when a and b both move?",
    "hint.forward.2.3/2": "the slope of a quotient follows the quotient rule: (da·b − a·db) / b².",
    "hint.forward.3.1": "Jv has one entry per output of f3: give 3 numbers (a list of 2 would be a row combination, vᵀJ).",
    "hint.forward.3.2": "that is one column of J, the speed when only one input moves; with v = (1, 1) both columns add up.",
    "hint.forward.3.3": "call torch.func.jvp(f3, (x,), (v,)) with x = (2, 3) and v = (1, 1); its second result is Jv.",
    "hint.forward.4.1": "Hv has one entry per input of f: give 2 numbers.",
    "hint.forward.4.2": "that is the gradient of f, (3x₁² + x₂, x₁); Hv is the gradient of (gradient · v).",
    "hint.forward.4.3": "that is one column of H (v picking one input); with v = (1, 1) both columns add up.",
    "hint.forward.4.4": "find H at x = (1, 2) with torch.func.hessian(f)(x), then multiply it by v.",
    "hint.forward.4.4/2": "H = [[6x₁, 1], [1, 0]] at x = (1, 2); check it with torch.func.hessian(f)(x), then multiply by v.",
    "hint.forward.5.1": "give one number: the dot product of u with Jv (it is also (uᵀJ)·v).",
    "hint.forward.5.2": "compute Jv with torch.func.jvp(f3, (x,), (v,)), then its dot product with u (torch.dot); the vjp side should give the same number.",
    "hint.forward.5.2/2": "J = [[3, 2], [1, 1], [4, 0]] at x = (2, 3), so Jv = (8, 3, 8) with v = (2, 1).",
    "hint.forward.5.2/3": "u · (8, 3, 8) = 8 + 6 − 8 = 6, and uᵀJ = (1, 4) gives (1, 4) · (2, 1) = 6 too.",
    "hint.higher.1.1": "differentiate twice: first z with respect to x, then that result with respect to y.",
    "hint.higher.1.1/2": "first ∂z/∂x = 2xy; now differentiate 2xy with respect to y.",
    "hint.higher.2.1": "x.grad is not cleared between the two calls: what is already in it when the second derivative arrives?",
    "hint.higher.2.1/2": "the first derivative 3x² stays in x.grad, and the second derivative, 6x, is added to it.",
    "hint.higher.2.1/3": "the first derivative 3x² = 12 stays in x.grad, and the second, 6x = 12, is added.",
    "hint.higher.3.1": "task (a) needs the same graph twice, but no derivative of a derivative: the saved tensors must survive, nothing more.",
    "hint.higher.3.2": "task (b) differentiates a gradient, so the backward pass itself must be recorded as a graph.",
    "hint.stopping.1.1": "detach() cuts one path: which path from y back to x is still recorded?",
    "hint.stopping.1.1/2": "only the path through a = x + 1 is left: dy/da · da/dx = b.",
    "hint.stopping.2.1": "model.eval() only switches layers such as Dropout and BatchNorm to their evaluation behaviour; autograd still records every operation.",
    "hint.stopping.2.2": "some of the other choices also stop the recording; check the table again.",
    "hint.stopping.2.2/2": "{missing} also stop the recording; check the table again.",
    "hint.stopping.2.3": "{letters}: the choices are A to E.",
    "hint.stopping.3.1": "x.grad still holds NaN or inf. Where is log's slope infinite, and what does where() multiply it by there?",
    "hint.stopping.3.1/2": "x.grad still holds NaN or inf: log is still computed where x ≤ 0, and where() sends 0 into its infinite slope. Give log a safe input there first, as the lesson did for sqrt.",
    "hint.stopping.3.2": "the values changed: f must still give log(x) where x > 0 and 0 elsewhere.",
    "hint.stopping.3.3": "give a function: def f(x): ... returning a tensor (check calls it).",
    "hint.stopping.3.4": "f's result does not require grad, so no gradient reaches x at all: keep the computation in the graph (no detach(), no no_grad()).",
    "hint.stopping.3.5": "x.grad is finite now, but wrong: it must be 1/x where x > 0 and 0 elsewhere.",
    "hint.inplace.1.1": ".data changes values behind autograd's back. Which operations did autograd record?",
    "hint.inplace.1.1/2": ".data changes values behind autograd's back; the recorded operations are ×3 and ×2.",
    "hint.inplace.2.1": "B changes b through .data, which does not bump the version counter: backward runs, silently, with the new values.",
    "hint.inplace.2.2": "D changes c, a new tensor that no backward function saved: nothing checks its version.",
    "hint.inplace.2.3": "some of the other choices also bump b's version; check the table again.",
    "hint.inplace.2.3/2": "{missing} also bump b's version (in-place changes do, under no_grad and through detach() too).",
    "hint.inplace.2.4": "{letters}: the choices are A to E.",
    "hint.inplace.3.1": "give two numbers: the saved (64, 256) tensors, then the blocks backward runs again.",
    "hint.inplace.3.2": "that counts every block the same way. Here blocks 0 and 1 run as usual and only blocks 2 and 3 are checkpointed: count each half on its own.",
    "hint.inplace.3.3": "count block by block: which (64, 256) tensors does a plain block keep, and which does a checkpointed one keep? Do not forget the loss's pow.",
    "hint.inplace.3.3/2": "a plain block keeps 2 (its Linear's input and its tanh's output), a checkpointed block keeps 1 (its input), and pow keeps 1.",
    "hint.inplace.3.3/3": "2 + 2 (blocks 0 and 1) + 1 + 1 (blocks 2 and 3) + 1 (pow) = 7.",
    "hint.inplace.3.4": "the count of tensors is right. Backward runs a block again only if it was checkpointed: which ones were?",
    "hint.inplace.3.4/2": "backward runs each checkpointed block once more: blocks 3 and 2, so 2.",
    "hint.hooks.1.1": "it is still None. Is h a leaf? What does backward() keep for a tensor that is not one?",
    "hint.hooks.1.1/2": "it is still None. h is not a leaf, so backward() does not keep its gradient: ask h to keep it (or catch it with a hook) before calling backward().",
    "hint.hooks.1.2": "got {got}, which is not dy/dh. Write y as a function of h: what is its derivative?",
    "hint.hooks.1.2/2": "got {got}; dy/dh = 2h = [12., 24.] at x = [1., 2.].",
    "hint.hooks.2.1": "the forward pass should return x ** 3.",
    "hint.hooks.2.2": "gradcheck still finds a difference: backward must return the incoming grad times the local derivative of x³. Which factor is missing or wrong?",
    "hint.hooks.2.2/2": "gradcheck still finds a difference: d(x³)/dx = 3x², times the incoming grad.",
    "hint.hooks.3.1": "count again: does exp save anything for its backward?",
    "hint.hooks.3.1/2": "exp saves a tensor too: its result, since the derivative of eˣ is eˣ.",
    "hint.hooks.3.2": "count again: does sum need any tensor to compute its backward?",
    "hint.hooks.3.2/2": "sum saves no tensor: its backward only needs the shape of its input.",
    "hint.hooks.3.3": "run the forward pass inside torch.autograd.graph.saved_tensors_hooks(pack, unpack) with a pack that counts its calls (and returns its tensor).",
    "hint.hooks.4.1": "give w as a list of two numbers.",
    "hint.hooks.4.2": "that is w before backward(). The hook runs inside backward(), as soon as w.grad is complete: what does it do to w?",
    "hint.hooks.4.2/2": "sgd_step subtracts 0.1 · w.grad from w; find w.grad of ((w − 3)²).sum() first.",
    "hint.hooks.4.3": "the hook moves w by −0.1 · w.grad. What is the gradient of ((w − 3)²).sum() at w = (1, −2)?",
    "hint.hooks.4.3/2": "w.grad = 2(w − 3) = (−4, −10) when the hook runs.",
    "hint.hooks.4.3/3": "w = (1, −2) − 0.1 · (−4, −10) = (1.4, −1.0).",
    "hint.hooks.4.4": "the step goes against the gradient: p -= 0.1 * p.grad subtracts it.",
    "hint.training.1.1": "Linear(a, b) learns a·b weights and b biases; add both layers.",
    "hint.training.2.1": "does backward() replace .grad or add to it?",
    "hint.training.2.1/2": "backward() adds into .grad: three passes, three times.",
    "hint.training.3.1": "return the list of losses, one per step.",
    "hint.training.3.2": "the loss still does not go down. Look at what each line does to w.grad between backward() and step(): step() moves w by the gradient it finds there.",
    "hint.training.3.3": "the losses are not the ones your loop computes: check runs train on other data (another seed). Return loss.item() of each step.",
    "hint.training.4.1": "give the shape as a list of whole numbers, such as [1, 2, 3].",
    "hint.training.4.2": "that is the shape of one gradient for the whole batch. What does vmap add in front?",
    "hint.training.4.3": "right idea, but what is the shape of nn.Linear(5, 2).weight itself? (lin.weight above is [1, 3] for Linear(3, 1).)",
    "hint.training.4.4": "start from the shape of nn.Linear(5, 2).weight, then add the dimension vmap puts in front: one entry per example.",
    "hint.training.4.4/2": "nn.Linear(5, 2).weight is [2, 5], and vmap over 8 examples adds a leading 8.",
    # --- real torch tensors in the pictures and in explain()
    "viz.not_kept": "not kept by autograd",
    "viz.dots_note": (
        "Each dot is a tensor computed on the way, drawn small so that the picture reads at "
        "this width (its value shows on hover; rankdir= draws every label)."
    ),
    "viz.rebuilt_note": (
        "Rebuilt from grad_fn: autograd keeps only what backward needs, so ? (or a dot, in a "
        "crowded picture) marks values and constants it did not keep. Run the forward inside "
        "viz.record() to see every op."
    ),
    "explain.inference": (
        "{t} does not require grad: it was made inside torch.inference_mode(), so it is an "
        "inference tensor and autograd recorded nothing.\n"
        "Fix: compute it outside the inference_mode() block."
    ),
    "viz.na_note_torch": (
        "n/a: this gradient cannot be recomputed because backward() freed the saved tensors. "
        "Draw before backward(), or pass retain_graph=True to it."
    ),
    "explain.frozen": (
        "{t}.grad is None because {t} is a parameter that was frozen: its requires_grad is "
        "False (requires_grad_(False), as when fine-tuning only some layers), so backward() "
        "does not compute a gradient for it.\n"
        "Fix: {t}.requires_grad_(True), then run the forward pass again (a graph made while "
        "it was frozen has no path to it)."
    ),
    "explain.computed_from_cut": (
        "{t} does not require grad: it was computed ({ops}) from a tensor that {how} cut off "
        "{b}, so no gradient flows through {t} back to {b}.\n"
        "Fix: compute it from {b} itself, without {how}."
    ),
    "explain.cut_temporary": (
        "{t} does not require grad: it was cut from the graph by {how} of a temporary result "
        "(made by {fn}). It shares that result's numbers but not its history, so no gradient "
        "flows through {t} back to what {fn} was computed from.\n"
        "Fix: use the result itself, without {how}, where you want gradients."
    ),
    "explain.no_grad_op": (
        "{t} does not require grad: it was computed by {op} from {b} while grad mode was off "
        "(inside torch.no_grad()), so nothing was recorded.\n"
        "Fix: compute it outside the no_grad() block."
    ),
    "hint.pytorch.1.1": (
        "there is one AccumulateGrad per leaf that requires grad: count the model's "
        "parameters (each weight and each bias)."
    ),
    "hint.pytorch.2.1": 'answer with the cause as a string, e.g. "detach", or pass explain(h) itself.',
    "hint.pytorch.2.2": (
        "not that one: h was computed by a layer, so it has a grad_fn. What does that make it?"
    ),
    "hint.pytorch.3.1": "pass the function itself, grads, not what it returns.",
    "hint.pytorch.3.2": "w.grad is still None. Ask explain(w) inside your function: what kind of tensor is w?",
    "hint.pytorch.3.2/2": "w.grad is still None: torch.ones(3, requires_grad=True) * 2 is the result of a multiplication, not a leaf.",
    "hint.pytorch.3.2/3": "w.grad is still None: torch.ones(3, requires_grad=True) * 2 is the result of a multiplication, not a leaf. Create w as a leaf holding 2.0 directly, e.g. with torch.full.",
    "hint.pytorch.3.3": "your function stops with an error under torch: run grads(torch) in a cell to see it.",
    "hint.pytorch.3.4": "w.grad is set, but it is not x = [1, 2, 3]: keep the loss (w * x).sum().",
}
