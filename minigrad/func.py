"""``minigrad.func``: torch.func's function transforms, built on reverse mode.

A *function transform* takes a function and returns a new function:
``grad(f)`` computes the gradient of ``f``, ``vmap(f)`` runs ``f`` over a
batch, and they compose: ``vmap(grad(f))`` gives per-sample gradients,
``jacfwd(jacrev(f))`` a Hessian.

>>> import minigrad as torch
>>> from minigrad.func import grad
>>> grad(lambda x: x.sin())(torch.tensor(0.0))
tensor(1.)
>>> grad(grad(lambda x: x ** 3))(torch.tensor(2.0))
tensor(12.)

How minigrad does it (torch's own machinery, "functorch", differs):

- every transform is ordinary reverse mode. The inputs a transform
  differentiates are copies that require grad, like ``autograd.functional``'s:
  a detached copy at the outermost level; a view that stays connected when the
  input already requires grad, which is what makes ``grad(grad(f))`` work: the
  outer ``grad`` hands the inner one a tensor that requires grad, and the inner
  one records its backward pass (``create_graph=True``) for the outer one. A
  result leaves a transform detached, unless its graph reaches a tensor from
  outside the transform (an outer transform's input, weights ``f`` uses): then
  it stays connected, so that a loss computed from it trains those weights;
- forward mode (``jvp``, ``jacfwd``) uses the double-backward trick:
  ``u ↦ uᵀ J`` is linear in ``u``, so differentiating it with respect to ``u``
  in direction ``t`` gives ``J t``;
- ``vmap`` is a Python loop over the batch, with ``stack`` at the end. Torch
  rewrites each operation to work on the whole batch at once; the loop gives
  the same numbers, only slower, and lets ``f`` do anything (even ``.item()``).

Inputs and outputs may be tensors or tuples, lists and dicts of tensors; results
have the same structure, as in torch.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from .core.grad_mode import enable_grad, is_grad_enabled
from .core.tensor import Tensor
from .exact import messages as _messages
from .ops.join import stack

__all__ = [
    "grad",
    "grad_and_value",
    "vjp",
    "jvp",
    "linearize",
    "jacrev",
    "jacfwd",
    "hessian",
    "vmap",
    "functional_call",
    "stack_module_state",
]


# --- trees: tensors inside tuples, lists and dicts ----------------------------------
def _flatten(tree: Any) -> tuple[list, Callable[[list], Any]]:
    """The leaves of ``tree`` (depth first) and a function that puts new leaves
    back in the same structure."""
    if isinstance(tree, (tuple, list)):
        parts = [_flatten(item) for item in tree]
        sizes = [len(leaves) for leaves, _ in parts]

        def rebuild(leaves: list) -> Any:
            items, start = [], 0
            for (_, build), n in zip(parts, sizes):
                items.append(build(leaves[start : start + n]))
                start += n
            return type(tree)(items) if type(tree) in (tuple, list) else type(tree)(*items)

        return [leaf for leaves, _ in parts for leaf in leaves], rebuild
    if isinstance(tree, dict):
        keys = list(tree)
        values, build_values = _flatten([tree[k] for k in keys])
        return values, lambda leaves: dict(zip(keys, build_values(leaves)))
    return [tree], lambda leaves: leaves[0]


def _short_spec(tree: Any) -> str:
    """The shape of a tree as torch's pytree prints it: ``(*, *)``, ``[*]``, ``*``."""
    if isinstance(tree, (tuple, list)):
        inside = ", ".join(_short_spec(item) for item in tree)
        return f"({inside})" if isinstance(tree, tuple) else f"[{inside}]"
    if isinstance(tree, dict):
        return "{" + ", ".join(f"{k!r}: {_short_spec(v)}" for k, v in tree.items()) + "}"
    return "*"


def _tree_spec(tree: Any, indent: int = 0) -> str:
    """torch's ``TreeSpec`` repr of tuples and lists (what its messages show)."""
    if isinstance(tree, (tuple, list)):
        inside = (",\n" + " " * (indent + 2)).join(_tree_spec(t, indent + 2) for t in tree)
        return f"TreeSpec({type(tree).__name__}, None, [{inside}])"
    return "*"


def _differentiable(tree: Any, connect: bool) -> tuple[Any, list[Tensor]]:
    """A copy of ``tree`` whose tensors require grad, and those tensors.

    A tensor that already requires grad stays connected to the caller's graph
    (through a view) when ``connect`` (grad mode was on where the transform was
    called): an outer ``grad`` can then see through the inner one.
    """
    leaves, rebuild = _flatten(tree)
    fresh = []
    for leaf in leaves:
        if not isinstance(leaf, Tensor):
            raise ValueError(f"Thing passed to transform API must be Tensor, got {type(leaf)}")
        if connect and leaf.requires_grad:
            fresh.append(leaf.view_as(leaf))
        else:
            fresh.append(leaf.detach().requires_grad_(True))
    return rebuild(fresh), fresh


def _reaches_outside(tensor: Tensor, own: set[int]) -> bool:
    """Does ``tensor``'s graph reach a leaf that is not one of the transform's own
    detached copies (``own``: their ids)? Such a leaf belongs to the caller: an
    outer transform's input, or weights that ``f`` uses (a closure)."""
    from .core.node import AccumulateGrad

    if not tensor.requires_grad:
        return False
    if tensor.grad_fn is None:
        return id(tensor) not in own
    todo, seen = [tensor.grad_fn], set()
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for following, _ in node.next_functions:
            if isinstance(following, AccumulateGrad):
                if id(following.variable) not in own:
                    return True
            elif following is not None:
                todo.append(following)
    return False


def _finish(tree: Any, own: list[Tensor]) -> Any:
    """Results leave a transform detached, unless they depend on a tensor from
    outside it: then the caller's graph goes on through them, as in torch."""
    ids = {id(t) for t in own}
    leaves, rebuild = _flatten(tree)
    return rebuild(
        [
            x.detach() if isinstance(x, Tensor) and not _reaches_outside(x, ids) else x
            for x in leaves
        ]
    )


def _gradients(outputs: list, inputs: list, grad_outputs: list, create_graph: bool) -> list:
    """``autograd.grad`` that gives zeros for an input the outputs do not use."""
    from . import autograd
    from ._creation import zeros_like

    pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o.requires_grad]
    found: Any = [None] * len(inputs)
    if pairs:
        found = autograd.grad(
            [o for o, _ in pairs],
            inputs,
            [g for _, g in pairs],
            retain_graph=True,
            create_graph=create_graph,
            allow_unused=True,
        )
    return [zeros_like(x) if g is None else g for g, x in zip(found, inputs)]


def _argnums(argnums: int | tuple[int, ...], count: int) -> tuple[int, ...]:
    numbers = argnums if isinstance(argnums, tuple) else (argnums,)
    if isinstance(argnums, tuple) and not argnums:
        raise RuntimeError("argnums must be non-empty")
    for n in numbers:
        if not isinstance(n, int):
            raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {type(n)}")
        if not -count <= n < count:
            raise RuntimeError(f"Got argnum={n}, but only {count} positional inputs")
    return tuple(n % count for n in numbers)


def _split_aux(output: Any, has_aux: bool, api: str) -> tuple[Any, Any]:
    if not has_aux:
        return output, None
    if not (isinstance(output, tuple) and len(output) == 2):
        raise RuntimeError(_messages.func_aux_not_a_pair(api))
    return output


# --- reverse mode: grad, vjp, jacrev ------------------------------------------------
def grad_and_value(
    func: Callable, argnums: int | tuple[int, ...] = 0, has_aux: bool = False
) -> Callable:
    """Like :func:`grad`, but the new function returns ``(gradient, value)``
    (``(gradient, (value, aux))`` with ``has_aux=True``)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        numbers = _argnums(argnums, len(args))
        record = is_grad_enabled()  # record the backward pass, for whoever differentiates next
        with enable_grad():
            args = list(args)
            leaves = []
            for n in numbers:
                args[n], fresh = _differentiable(args[n], record)
                leaves.append(fresh)
            output, aux = _split_aux(func(*args, **kwargs), has_aux, "grad_and_value")
            if not isinstance(output, Tensor):
                raise RuntimeError(_messages.func_grad_not_a_tensor(type(output)))
            if output.dim() != 0:
                raise RuntimeError(_messages.func_grad_not_a_scalar(output.dim()))
            flat = [x for fresh in leaves for x in fresh]
            grads = _gradients([output], flat, [None], create_graph=record)
        # back into the structure of the arguments differentiated
        per_arg, start = [], 0
        for n, fresh in zip(numbers, leaves):
            per_arg.append(_flatten(args[n])[1](grads[start : start + len(fresh)]))
            start += len(fresh)
        gradient = tuple(per_arg) if isinstance(argnums, tuple) else per_arg[0]
        gradient, output, aux = _finish((gradient, output, aux), flat)
        return (gradient, (output, aux)) if has_aux else (gradient, output)

    return wrapper


def grad(func: Callable, argnums: int | tuple[int, ...] = 0, has_aux: bool = False) -> Callable:
    """``grad(f)`` is a function that returns the gradient of ``f`` (which must
    return one number) with respect to argument ``argnums`` (a tuple: several,
    and a tuple of gradients). ``has_aux=True``: ``f`` returns ``(value, aux)``
    and the new function ``(gradient, aux)``.

    >>> import minigrad as torch
    >>> from minigrad.func import grad
    >>> grad(lambda x, y: (x * y).sum(), argnums=(0, 1))(torch.ones(2), torch.tensor([2.0, 3.0]))
    (tensor([2., 3.]), tensor([1., 1.]))
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        gradient, value = grad_and_value(func, argnums, has_aux)(*args, **kwargs)
        return (gradient, value[1]) if has_aux else gradient

    return wrapper


def vjp(func: Callable, *primals: Any, has_aux: bool = False) -> tuple:
    """``(func(*primals), vjp_fn)``: ``vjp_fn(v)`` gives ``vᵀ J`` for each primal
    (always a tuple), one backward pass each time it is called.

    >>> import minigrad as torch
    >>> from minigrad.func import vjp
    >>> out, vjp_fn = vjp(lambda x: x ** 2, torch.tensor([1.0, 2.0]))
    >>> vjp_fn(torch.ones(2))
    (tensor([2., 4.]),)
    """
    connect = is_grad_enabled()  # (read before enable_grad below)
    with enable_grad():
        inputs, leaves = _differentiable(primals, connect)
        output, aux = _split_aux(func(*inputs), has_aux, "vjp")
    outputs, _ = _flatten(output)
    for out in outputs + (_flatten(aux)[0] if has_aux else []):
        if not isinstance(out, Tensor):
            raise RuntimeError(f"Expected tensors, got unsupported type {type(out)}")

    def vjp_fn(cotangents: Any) -> tuple:
        vectors, _ = _flatten(cotangents)
        if _short_spec(cotangents) != _short_spec(output):
            raise RuntimeError(
                _messages.func_vjp_structure(_short_spec(cotangents), _short_spec(output))
            )
        record = is_grad_enabled()
        with enable_grad():
            grads = _gradients(outputs, leaves, vectors, create_graph=record)
        return tuple(_flatten(inputs)[1](_finish(grads, leaves)))

    result = (_finish(output, leaves), vjp_fn)
    return result + (_finish(aux, leaves),) if has_aux else result


def jacrev(
    func: Callable,
    argnums: int | tuple[int, ...] = 0,
    *,
    has_aux: bool = False,
    chunk_size: int | None = None,
) -> Callable:
    """``jacrev(f)`` is a function that returns the Jacobian of ``f`` with
    respect to argument ``argnums``, row by row: ``vmap`` of ``vjp`` over the rows of
    the identity matrix (one backward pass per output element). Shape:
    ``output.shape + input.shape``.

    >>> import minigrad as torch
    >>> from minigrad.func import jacrev
    >>> jacrev(lambda x: x ** 2)(torch.tensor([1.0, 2.0]))
    tensor([[2., 0.],
            [0., 4.]])
    """

    @functools.wraps(func)
    def wrapper(*args: Any) -> Any:
        from ._creation import eye

        numbers = _argnums(argnums, len(args))

        def chosen(*picked: Any) -> Any:  # func of the differentiated arguments only
            full = list(args)
            for n, value in zip(numbers, picked):
                full[n] = value
            return func(*full)

        output, vjp_fn, *aux = vjp(chosen, *[args[n] for n in numbers], has_aux=has_aux)
        outputs, rebuild_outputs = _flatten(output)
        blocks = []  # blocks[i][j]: d output i / d argument j
        for i, out in enumerate(outputs):
            # the cotangents: row k of the identity for output i, zeros for the others
            basis = eye(out.numel(), dtype=out.dtype)
            rows = vmap(
                lambda e, i=i, out=out: vjp_fn(
                    rebuild_outputs(
                        [
                            e.view(out.shape) if k == i else o.new_zeros(o.shape)
                            for k, o in enumerate(outputs)
                        ]
                    )
                )
            )(basis)
            row = []
            for arg_rows in rows:
                leaves, rebuild = _flatten(arg_rows)
                row.append(rebuild([r.view(out.shape + r.shape[1:]) for r in leaves]))
            blocks.append(tuple(row) if isinstance(argnums, tuple) else row[0])
        jac = rebuild_outputs(blocks)
        return (jac, aux[0]) if has_aux else jac

    return wrapper


# --- forward mode: jvp, linearize, jacfwd, hessian ------------------------------------
def linearize(func: Callable, *primals: Any) -> tuple[Any, Callable]:
    """``(func(*primals), jvp_fn)``: ``jvp_fn(*tangents)`` gives ``J t``.

    One forward pass, one backward pass that records ``u ↦ uᵀ J`` (linear in
    ``u``), then each call of ``jvp_fn`` differentiates that with respect to ``u``
    in the direction ``t``: a Jacobian-vector product (the double-backward trick).

    >>> import minigrad as torch
    >>> from minigrad.func import linearize
    >>> out, jvp_fn = linearize(lambda x: x ** 2, torch.tensor([1.0, 2.0]))
    >>> jvp_fn(torch.tensor([1.0, 0.0]))
    tensor([2., 0.])
    """
    return _linearize(func, primals, has_aux=False)[:2]


def _linearize(func: Callable, primals: tuple, has_aux: bool) -> tuple:
    from ._creation import zeros_like

    connect = is_grad_enabled()  # (read before enable_grad below)
    with enable_grad():
        inputs, leaves = _differentiable(primals, connect)
        output, aux = _split_aux(func(*inputs), has_aux, "jvp")
        outputs, rebuild_outputs = _flatten(output)
        for out in outputs:
            if not isinstance(out, Tensor):
                raise RuntimeError(_messages.func_jvp_output_not_a_tensor(type(out)))
        # uᵀ J for each input, recorded: linear in u
        u = [zeros_like(out, requires_grad=True) for out in outputs]
        u_J = _gradients(outputs, leaves, u, create_graph=True)

    def jvp_fn(*tangents: Any) -> Any:
        vectors, _ = _flatten(tangents)
        for x, t in zip(leaves, vectors):
            if x.shape != t.shape:
                raise RuntimeError(_messages.tangent_size_mismatch(list(x.shape), list(t.shape)))
        record = is_grad_enabled()
        with enable_grad():
            columns = _gradients(
                u_J, u, [t.to(x.dtype) for x, t in zip(leaves, vectors)], create_graph=record
            )
        return _finish(rebuild_outputs(columns), leaves + u)

    return _finish(output, leaves), jvp_fn, _finish(aux, leaves)


def jvp(
    func: Callable, primals: tuple, tangents: tuple, *, strict: bool = False, has_aux: bool = False
) -> tuple:
    """``(func(*primals), J t)``: the Jacobian-vector product in the direction
    ``tangents`` (one tangent per primal, same shapes). See :func:`linearize`.

    >>> import minigrad as torch
    >>> from minigrad.func import jvp
    >>> jvp(lambda x: x.sin(), (torch.tensor(0.0),), (torch.tensor(2.0),))
    (tensor(0.), tensor(2.))
    """
    if not isinstance(primals, tuple):
        raise RuntimeError(_messages.func_jvp_not_a_tuple("primals"))
    if _short_spec(primals) != _short_spec(tangents):
        raise RuntimeError(_messages.func_jvp_structure(_tree_spec(primals), _tree_spec(tangents)))
    output, jvp_fn, aux = _linearize(func, primals, has_aux)
    result = (output, jvp_fn(*tangents))
    return result + (aux,) if has_aux else result


def jacfwd(
    func: Callable,
    argnums: int | tuple[int, ...] = 0,
    has_aux: bool = False,
    *,
    randomness: str = "error",
) -> Callable:
    """``jacfwd(f)`` is a function that returns the Jacobian of ``f``, column by
    column: a Jacobian-vector product for each input element, in the direction of
    that element (``vmap`` of ``jvp`` over the columns of the identity matrix).
    Same result as :func:`jacrev`; cheaper when there are fewer inputs than outputs.

    >>> import minigrad as torch
    >>> from minigrad.func import jacfwd
    >>> jacfwd(lambda x: x ** 2)(torch.tensor([1.0, 2.0]))
    tensor([[2., 0.],
            [0., 4.]])
    """

    @functools.wraps(func)
    def wrapper(*args: Any) -> Any:
        from ._creation import eye

        numbers = _argnums(argnums, len(args))

        def chosen(*picked: Any) -> Any:
            full = list(args)
            for n, value in zip(numbers, picked):
                full[n] = value
            return func(*full)

        picked = tuple(args[n] for n in numbers)
        output, jvp_fn, aux = _linearize(chosen, picked, has_aux)
        outputs, rebuild_outputs = _flatten(output)
        leaves, rebuild_picked = _flatten(picked)
        blocks: list[list] = [[] for _ in outputs]  # blocks[i][j]: d output i / d input j
        for j, x in enumerate(leaves):
            # the tangents: column k of the identity for input j, zeros for the others
            basis = eye(x.numel(), dtype=x.dtype)
            columns = vmap(
                lambda e, j=j, x=x: jvp_fn(
                    *rebuild_picked(
                        [
                            e.view(x.shape) if k == j else y.new_zeros(y.shape)
                            for k, y in enumerate(leaves)
                        ]
                    )
                )
            )(basis)
            for i, (out, col) in enumerate(zip(outputs, _flatten(columns)[0])):
                # col[k] is column k: move the batch dim to the end
                blocks[i].append(col.movedim(0, -1).reshape(out.shape + x.shape))
        jac = []
        for row in blocks:
            per_arg, start = [], 0
            for n in numbers:
                count = len(_flatten(args[n])[0])
                per_arg.append(_flatten(args[n])[1](row[start : start + count]))
                start += count
            jac.append(tuple(per_arg) if isinstance(argnums, tuple) else per_arg[0])
        jac = rebuild_outputs(jac)
        return (jac, aux) if has_aux else jac

    return wrapper


def hessian(func: Callable, argnums: int | tuple[int, ...] = 0) -> Callable:
    """``hessian(f)``: the matrix of second derivatives of ``f`` (one number out),
    ``jacfwd(jacrev(f))``: forward mode over reverse mode.

    >>> import minigrad as torch
    >>> from minigrad.func import hessian
    >>> hessian(lambda x: (x ** 3).sum())(torch.tensor([1.0, 2.0]))
    tensor([[ 6.,  0.],
            [ 0., 12.]])
    """
    return jacfwd(jacrev(func, argnums), argnums)


# --- vmap ------------------------------------------------------------------------
def _name(func: Callable) -> str:
    return getattr(func, "__name__", repr(func))


def vmap(
    func: Callable,
    in_dims: int | None | tuple = 0,
    out_dims: int | tuple = 0,
    randomness: str = "error",
    *,
    chunk_size: int | None = None,
) -> Callable:
    """``vmap(f)`` runs ``f`` on each slice of its inputs along dim ``in_dims``
    and stacks the results along ``out_dims``.

    ``in_dims``: one dim for every input, or a tuple with one entry per
    argument (``None``: the argument is the same for every slice).

    minigrad's vmap is honest about what it is: a Python loop over the batch,
    and ``stack`` at the end. torch's vmap runs each operation once on the whole
    batch; the numbers are the same, the loop is just slower. (``randomness`` and
    ``chunk_size`` are accepted and change nothing: each sample draws its own
    random numbers.)

    >>> import minigrad as torch
    >>> from minigrad.func import vmap
    >>> vmap(torch.dot)(torch.ones(2, 3), torch.arange(6.0).reshape(2, 3))
    tensor([ 3., 12.])
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        where = f"vmap({_name(func)}, in_dims={in_dims!r}, ...)(<inputs>)"
        if not args:
            raise ValueError(_messages.vmap_no_inputs(_name(func)))
        if not isinstance(in_dims, (int, tuple)):
            raise ValueError(_messages.vmap_bad_in_dims(where, type(in_dims)))
        dims = in_dims if isinstance(in_dims, tuple) else (in_dims,) * len(args)
        if len(dims) != len(args):
            raise ValueError(
                _messages.vmap_in_dims_structure(where, _tree_spec(dims), _tree_spec(args))
            )
        # every (leaf, dim) pair, and the batch size
        leaves, rebuild = _flatten(list(args))
        leaf_dims = []
        for arg, dim in zip(args, dims):
            arg_leaves, _ = _flatten(arg)
            arg_dims = _flatten(dim)[0] if isinstance(dim, tuple) else [dim] * len(arg_leaves)
            if len(arg_dims) != len(arg_leaves):
                raise ValueError(
                    _messages.vmap_in_dims_structure(where, _tree_spec(dims), _tree_spec(args))
                )
            leaf_dims += arg_dims
        sizes = []
        for leaf, dim in zip(leaves, leaf_dims):
            if dim is None:
                continue
            if not isinstance(leaf, Tensor):
                raise ValueError(_messages.vmap_not_a_tensor(where, dim, type(leaf)))
            if not -leaf.dim() <= dim < leaf.dim():
                raise ValueError(_messages.vmap_bad_dim(where, dim, leaf.dim()))
            sizes.append(leaf.shape[dim])
        if not sizes:
            raise ValueError(_messages.VMAP_NOTHING_TO_MAP)
        if len(set(sizes)) > 1:
            raise ValueError(_messages.vmap_sizes_differ(sizes))
        # the loop: f on each slice
        results = []
        for b in range(sizes[0]):
            sample = [x if d is None else x.select(d, b) for x, d in zip(leaves, leaf_dims)]
            results.append(func(*rebuild(sample), **kwargs))
        if not results:  # an empty batch: f sees one slice of zeros, for the shapes only
            return _empty_batch(func, leaves, leaf_dims, rebuild, kwargs, out_dims)
        first, rebuild_output = _flatten(results[0])
        outs = out_dims if isinstance(out_dims, tuple) else (out_dims,) * len(first)
        stacked = []
        for k, out_dim in enumerate(outs):
            column = [_flatten(r)[0][k] for r in results]
            if not isinstance(column[0], Tensor):
                raise ValueError(_messages.vmap_returned_not_a_tensor(_name(func), type(column[0])))
            stacked.append(stack(column, dim=out_dim))
        return rebuild_output(stacked)

    return wrapper


def _empty_batch(
    func: Callable, leaves: list, dims: list, rebuild: Callable, kwargs: dict, out_dims: Any
) -> Any:
    """vmap over a batch of size 0: ``f`` runs once on zeros shaped like one slice,
    only to learn the shapes of its results; each result is then an empty batch."""
    from ._creation import zeros

    sample = []
    for x, d in zip(leaves, dims):
        if d is None:
            sample.append(x)
        else:
            sample.append(x.new_zeros([n for k, n in enumerate(x.shape) if k != d % x.dim()]))
    outputs, rebuild_output = _flatten(func(*rebuild(sample), **kwargs))
    outs = out_dims if isinstance(out_dims, tuple) else (out_dims,) * len(outputs)
    empty = []
    for out, dim in zip(outputs, outs):
        shape = list(out.shape)
        shape.insert(dim % (out.dim() + 1), 0)
        empty.append(zeros(shape, dtype=out.dtype))
    return rebuild_output(empty)


# --- functional_call ---------------------------------------------------------------
def functional_call(
    module: Any,
    parameter_and_buffer_dicts: dict | tuple,
    args: Any = None,
    kwargs: dict | None = None,
    *,
    tie_weights: bool = True,
    strict: bool = False,
) -> Any:
    """Call ``module`` with some of its parameters and buffers replaced by the
    tensors of ``parameter_and_buffer_dicts`` (names as in ``named_parameters``),
    then put the module's own back: the module as a function of its weights.

    >>> import minigrad as torch
    >>> from minigrad.func import functional_call
    >>> layer = torch.nn.Linear(2, 1)
    >>> weights = {"weight": torch.ones(1, 2), "bias": torch.zeros(1)}
    >>> functional_call(layer, weights, (torch.tensor([[1.0, 2.0]]),))
    tensor([[3.]])
    """
    dicts = (
        parameter_and_buffer_dicts
        if isinstance(parameter_and_buffer_dicts, tuple)
        else (parameter_and_buffer_dicts,)
    )
    replacements: dict = {}
    for d in dicts:
        repeated = [name for name in d if name in replacements]
        if repeated:
            raise ValueError(_messages.functional_call_repeated(repeated))
        replacements.update(d)
    if strict:
        own = [name for name, _ in module.named_parameters()]
        own += [name for name, _ in module.named_buffers()]
        missing = [name for name in own if name not in replacements]
        unexpected = [name for name in replacements if name not in own]
        if missing or unexpected:
            raise RuntimeError(
                _messages.functional_call_strict(type(module).__name__, missing, unexpected)
            )
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    swapped = []  # (table, name, old value) to put back
    try:
        for name, value in replacements.items():
            owner_name, _, attr = name.rpartition(".")
            owner = module.get_submodule(owner_name) if owner_name else module
            for table in (owner._parameters, owner._buffers):
                if attr in table:
                    swapped.append((table, attr, table[attr]))
                    table[attr] = value
                    break
            else:  # not a parameter or buffer: an attribute of the module, for the call
                swapped.append((owner.__dict__, attr, owner.__dict__.get(attr, _MISSING)))
                owner.__dict__[attr] = value
        return module(*args, **(kwargs or {}))
    finally:
        for table, attr, old in reversed(swapped):
            if old is _MISSING:
                del table[attr]
            else:
                table[attr] = old


_MISSING = object()  # (an attribute the module did not have)


def stack_module_state(models: Any) -> tuple[dict, dict]:
    """The parameters and buffers of several models of the same shape, stacked:
    ``(params, buffers)``, two dicts whose tensors have the models along dim 0,
    ready for ``vmap(functional_call...)`` (an ensemble of models). The stacked
    parameters are new leaves that require grad as the models' do.

    >>> import minigrad as torch
    >>> from minigrad.func import stack_module_state
    >>> params, buffers = stack_module_state([torch.nn.Linear(3, 2) for _ in range(4)])
    >>> params["weight"].shape, buffers
    (torch.Size([4, 2, 3]), {})
    """
    models = list(models)
    if not models:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")

    def stacked(named: list[dict]) -> dict:
        result = {}
        for name, first in named[0].items():
            if any(state[name].requires_grad != first.requires_grad for state in named):
                raise RuntimeError(_messages.stack_module_state_requires_grad(name))
            result[name] = stack([state[name].detach() for state in named])
            result[name].requires_grad_(first.requires_grad)
        return result

    params = stacked([dict(m.named_parameters()) for m in models])
    buffers = stacked([dict(m.named_buffers()) for m in models])
    return params, buffers
