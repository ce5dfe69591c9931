"""English: the catalogue every other language translates (key -> text).

Texts are ``str.format`` templates: ``{t}`` and the like are filled in by the
code that uses them. Keys are grouped by the module that speaks them.
"""

MESSAGES: dict[str, str] = {
    # --- minigrad.explain: what each cause means, in one line (in the order they are checked)
    "cause.non_leaf": "a non-leaf tensor without retain_grad()",
    "cause.integer": "an integer tensor cannot require grad",
    "cause.requires_grad_false": "requires_grad is False",
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
    "legend.freed": "freed after backward",
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
    # --- minigrad.viz.steps: the frames of a backward pass, step by step
    "steps.running_now": "running now",
    "steps.already_ran": "already ran",
    "steps.not_run_yet": "not run yet",
    "steps.failed_here": "backward failed here",
    "steps.none_meaning": ".grad not computed yet (not the same as 0)",
    "steps.in": "in: {values}",
    "steps.grad_has_grad_fn": "grad has grad_fn={fns}",
    "steps.saved_freed": "saved values freed",
    "steps.saved_modified": "saved tensor modified",
    "steps.modified_in_place": "modified in place",
    "steps.step_running": "step {index}: running",
    "steps.error_here": "RuntimeError here",
    "steps.waiting": "waiting: got {values}",
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
}
