"""The recurrent cells and layers (``RNNCell``, ``LSTMCell``, ``GRUCell``,
``RNN``, ``LSTM``, ``GRU``) against real torch: the same starting weights after
the same seed, the same outputs and gradients (float32, rtol 1e-5), the same
reprs, parameter names, errors and warnings, and, for the cells, the same
graph. And ``nn.utils.rnn.pad_sequence``, which batches sequences for them."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

from ..transcript import assert_same_as_torch

LIBS = (minigrad, torch)


def _np(t):
    return t.detach().numpy()


def _close(mine, theirs, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(_np(mine), _np(theirs), rtol=rtol, atol=atol)


# --- the cells ---------------------------------------------------------------------
CELLS = {
    "rnn_tanh": lambda L: L.nn.RNNCell(3, 4),
    "rnn_relu": lambda L: L.nn.RNNCell(3, 4, nonlinearity="relu"),
    "rnn_no_bias": lambda L: L.nn.RNNCell(3, 4, bias=False),
    "lstm": lambda L: L.nn.LSTMCell(3, 4),
    "lstm_no_bias": lambda L: L.nn.LSTMCell(3, 4, bias=False),
    "gru": lambda L: L.nn.GRUCell(3, 4),
    "gru_no_bias": lambda L: L.nn.GRUCell(3, 4, bias=False),
}


def _cell_run(L, name, x, h, batched=True):
    """Seeded cell, one step from ``h`` (or zeros) and a second step; returns the
    cell, the leaves and the outputs after a backward pass."""
    L.manual_seed(0)
    cell = CELLS[name](L)
    x = L.tensor(x if batched else x[0], requires_grad=True)
    is_lstm = isinstance(cell, L.nn.LSTMCell)
    if h is None:
        state, leaves = None, []
    elif is_lstm:
        state = tuple(L.tensor(s if batched else s[0], requires_grad=True) for s in h)
        leaves = list(state)
    else:
        state = L.tensor(h[0] if batched else h[0][0], requires_grad=True)
        leaves = [state]
    out = cell(x, state)
    out2 = cell(x * 2, out)
    outs = list(out) + list(out2) if is_lstm else [out, out2]
    loss = sum((o * L.arange(1.0, 5.0)).pow(2).sum() for o in outs)
    loss.backward()
    return cell, [x, *leaves], outs


@pytest.mark.parametrize("name", list(CELLS))
@pytest.mark.parametrize("with_state", [False, True])
@pytest.mark.parametrize("batched", [True, False])
def test_cell_values_and_gradients(name, with_state, batched):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 3)).astype(np.float32)
    h = [rng.standard_normal((2, 4)).astype(np.float32) for _ in range(2)] if with_state else None
    (mc, mleaves, mouts), (tc, tleaves, touts) = (_cell_run(L, name, x, h, batched) for L in LIBS)
    for (n, mp), (tn, tp) in zip(mc.named_parameters(), tc.named_parameters(), strict=True):
        assert n == tn and mp.shape == tp.shape
        np.testing.assert_array_equal(_np(mp), _np(tp))  # the very same starting weights
        _close(mp.grad, tp.grad)
    for mo, to in zip(mouts, touts, strict=True):
        assert mo.shape == to.shape
        _close(mo, to)
    for ml, tl in zip(mleaves, tleaves, strict=True):
        _close(ml.grad, tl.grad)


def _graph(node, depth=0):
    """The node names below ``node``, depth first, as an indented list."""
    if node is None or depth > 8:
        return []
    lines = ["  " * depth + node.name()]
    for child, _ in node.next_functions:
        lines += _graph(child, depth + 1)
    return lines


@pytest.mark.parametrize("name", ["rnn_tanh", "rnn_relu", "lstm", "gru"])
def test_cell_graph_is_torchs(name):
    def graphs(L):
        L.manual_seed(0)
        out = CELLS[name](L)(L.ones(2, 3), None)
        return [_graph(o.grad_fn) for o in (out if isinstance(out, tuple) else (out,))]

    mine, theirs = graphs(minigrad), graphs(torch)
    assert mine == theirs
    assert len(mine[0]) > 5


# --- the layers --------------------------------------------------------------------
LAYERS = {
    "rnn": lambda L: L.nn.RNN(3, 4),
    "rnn_relu_2_layers_batch_first": lambda L: L.nn.RNN(3, 4, 2, "relu", batch_first=True),
    "rnn_bidirectional_2_layers": lambda L: L.nn.RNN(3, 4, num_layers=2, bidirectional=True),
    "lstm": lambda L: L.nn.LSTM(3, 4),
    "lstm_3_layers": lambda L: L.nn.LSTM(3, 4, num_layers=3),
    "lstm_batch_first_no_bias": lambda L: L.nn.LSTM(3, 4, bias=False, batch_first=True),
    "lstm_bidirectional_2_layers": lambda L: L.nn.LSTM(3, 4, 2, bidirectional=True),
    "lstm_proj": lambda L: L.nn.LSTM(3, 4, proj_size=2),
    "lstm_proj_bidirectional_2_layers_batch_first": lambda L: L.nn.LSTM(
        3, 4, 2, batch_first=True, bidirectional=True, proj_size=3
    ),
    "gru": lambda L: L.nn.GRU(3, 4),
    "gru_2_layers_batch_first": lambda L: L.nn.GRU(3, 4, num_layers=2, batch_first=True),
    "gru_bidirectional": lambda L: L.nn.GRU(3, 4, bidirectional=True),
}


def _layer_run(L, name, x, h, batched=True, train_dropout=None):
    L.manual_seed(0)
    if train_dropout is None:
        layer = LAYERS[name](L)
    else:
        layer = train_dropout(L)
    is_lstm = isinstance(layer, L.nn.LSTM)
    x = L.tensor(x if batched else (x[0] if layer.batch_first else x[:, 0]), requires_grad=True)
    leaves = [x]
    state = None
    if h is not None:
        hs = [L.tensor(s if batched else s[:, 0], requires_grad=True) for s in h]
        leaves += hs if is_lstm else hs[:1]
        state = tuple(hs) if is_lstm else hs[0]
    out, hidden = layer(x, state)
    outs = [out, *hidden] if is_lstm else [out, hidden]
    loss = sum((o * o * L.arange(1.0, o.shape[-1] + 1.0)).sum() for o in outs)
    loss.backward()
    return layer, leaves, outs


def _layer_inputs(name, with_state, seed=2):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((5, 2, 3)).astype(np.float32)  # (L, N, 3) or (N=5, L=2, 3)
    num = 2 if "bidirectional" in name else 1
    num *= 3 if "3_layers" in name else 2 if "2_layers" in name else 1
    batch = 5 if "batch_first" in name else 2
    h_size = 3 if "proj_bidirectional" in name else 2 if "proj" in name else 4
    h = [rng.standard_normal((num, batch, size)).astype(np.float32) for size in (h_size, 4)]
    return x, (h if with_state else None)


def _compare_layers(mine, theirs):
    (ml, mleaves, mouts), (tl, tleaves, touts) = mine, theirs
    for (n, mp), (tn, tp) in zip(ml.named_parameters(), tl.named_parameters(), strict=True):
        assert n == tn and mp.shape == tp.shape
        np.testing.assert_array_equal(_np(mp), _np(tp))
        _close(mp.grad, tp.grad, rtol=1e-5, atol=1e-5)
    for mo, to in zip(mouts, touts, strict=True):
        assert mo.shape == to.shape
        _close(mo, to)
    for a, b in zip(mleaves, tleaves, strict=True):
        _close(a.grad, b.grad, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", list(LAYERS))
@pytest.mark.parametrize("with_state", [False, True])
def test_layer_values_and_gradients(name, with_state):
    x, h = _layer_inputs(name, with_state)
    _compare_layers(*(_layer_run(L, name, x, h) for L in LIBS))


@pytest.mark.parametrize(
    "name", ["rnn", "lstm_bidirectional_2_layers", "gru_2_layers_batch_first", "lstm_proj"]
)
def test_layer_unbatched_input(name):
    x, h = _layer_inputs(name, True)
    _compare_layers(*(_layer_run(L, name, x, h, batched=False) for L in LIBS))


@pytest.mark.parametrize(
    "make",
    [
        lambda L: L.nn.LSTM(3, 4, num_layers=3, dropout=0.5),
        lambda L: L.nn.GRU(3, 4, num_layers=2, dropout=0.3, bidirectional=True),
        lambda L: L.nn.RNN(3, 4, num_layers=2, dropout=0.5, batch_first=True),
    ],
    ids=["lstm", "gru_bidirectional", "rnn_batch_first"],
)
def test_dropout_between_layers_draws_torchs_mask(make):
    x, _ = _layer_inputs("", False)
    mine, theirs = (_layer_run(L, "", x, None, train_dropout=make) for L in LIBS)
    _compare_layers(mine, theirs)
    # the same numbers were drawn: the generators are still in step
    np.testing.assert_array_equal(minigrad.rand(3).numpy(), torch.rand(3).numpy())


def test_float64_layers_match_closely():
    def outputs(L):
        L.manual_seed(3)
        lstm = L.nn.LSTM(3, 5, num_layers=2, bidirectional=True, dtype=L.float64)
        x = L.randn(4, 2, 3, dtype=L.float64)
        out, (h, c) = lstm(x)
        out.sum().backward()
        return [out, h, c, lstm.weight_ih_l0.grad, lstm.weight_hh_l1_reverse.grad]

    for a, b in zip(outputs(minigrad), outputs(torch), strict=True):
        np.testing.assert_allclose(_np(a), _np(b), rtol=1e-12, atol=1e-12)


# --- what a learner sees -----------------------------------------------------------
SNIPPETS = {
    "reprs": """
nn = torch.nn
print(nn.RNNCell(3, 4), nn.RNNCell(3, 4, bias=False, nonlinearity="relu"), nn.LSTMCell(3, 4))
print(nn.GRUCell(2, 5, bias=False), nn.RNN(3, 4, nonlinearity="relu"), nn.LSTM(3, 4, 2))
print(nn.GRU(3, 4, num_layers=2, batch_first=True, dropout=0.5, bidirectional=True))
print(nn.LSTM(3, 4, bias=False), nn.Sequential(nn.Embedding(10, 3), nn.GRU(3, 8)))
""",
    "parameters_and_state_dict": """
torch.manual_seed(0)
nn = torch.nn
for m in [nn.LSTMCell(3, 4), nn.GRUCell(3, 2, bias=False), nn.RNNCell(2, 3)]:
    for name, p in m.named_parameters():
        print(name, p.shape, p)
gru = nn.GRU(3, 4, num_layers=2, bidirectional=True)
print(list(gru.state_dict()))
print([tuple(p.shape) for p in gru.parameters()])
lstm = nn.LSTM(2, 3, bias=False)
print([n for n, _ in lstm.named_parameters()], lstm.weight_hh_l0)
print(len(lstm.all_weights), [w.shape for w in gru.all_weights[3]])
""",
    "cell_outputs": """
torch.manual_seed(1)
nn = torch.nn
x = torch.randn(2, 3)
print(nn.RNNCell(3, 4)(x), nn.RNNCell(3, 4, nonlinearity="relu")(x[0]))
lstm = nn.LSTMCell(3, 4)
h, c = lstm(x)
print(h, c)
print(lstm(x[1], (h[0], c[0])))
gru = nn.GRUCell(3, 4)
print(gru(x, gru(x)))
""",
    "layer_outputs": """
torch.manual_seed(2)
nn = torch.nn
x = torch.randn(4, 2, 3)
rnn = nn.RNN(3, 4, num_layers=2, batch_first=True)
out, h = rnn(x)
print(out, h, out.grad_fn.name(), h.grad_fn.name())
gru = nn.GRU(3, 4, bidirectional=True)
out, h = gru(x)
print(out, h, out.grad_fn.name())
out, h = gru(x[:, 0], h[:, 0])
print(out.shape, h.shape)
lstm = nn.LSTM(3, 4, batch_first=True)
out, (h, c) = lstm(x)
print(out, h, c, out.grad_fn.name(), h.grad_fn.name(), c.grad_fn.name())
""",
    "eval_turns_dropout_off": """
torch.manual_seed(3)
lstm = torch.nn.LSTM(3, 4, num_layers=2, dropout=0.5).eval()
x = torch.randn(3, 1, 3)
with torch.no_grad():  # (torch's fused LSTM kernel names its node differently)
    print(lstm(x)[0], lstm(x)[1][0])
""",
    "flatten_double_load_copy_second_order": """
import copy
torch.manual_seed(0)
nn = torch.nn
lstm = nn.LSTM(3, 4, 2, bidirectional=True)
lstm.flatten_parameters()
d = lstm.double()
print(d.weight_ih_l0.dtype, d(torch.randn(2, 1, 3, dtype=torch.float64))[1][0])
other = nn.LSTM(3, 4, 2, bidirectional=True).double()
other.load_state_dict(copy.deepcopy(d.state_dict()))
x = torch.randn(2, 1, 3, dtype=torch.float64)
print(torch.equal(other(x)[0], d(x)[0]))
gru = nn.GRUCell(2, 3)
x = torch.randn(2, 2, requires_grad=True)
h = gru(x)
(g,) = torch.autograd.grad(h.sum(), x, create_graph=True)
(g * g).sum().backward()
print(x.grad)
c = copy.deepcopy(nn.RNN(2, 3))
print(c, [n for n, _ in c.named_parameters()])
print(nn.LSTM(2, 3)._flat_weights_names)
""",
    "proj_size": """
torch.manual_seed(0)
lstm = torch.nn.LSTM(3, 5, num_layers=2, proj_size=2, bidirectional=True)
print(lstm, [(n, tuple(p.shape)) for n, p in lstm.named_parameters()])
print(torch.nn.LSTM(3, 4, proj_size=1, bias=False).weight_hr_l0)
""",
    "proj_size_too_big": "torch.nn.LSTM(3, 4, proj_size=4)",
    "proj_size_negative": "torch.nn.LSTM(3, 4, proj_size=-1)",
    "proj_size_h_size": """
torch.nn.LSTM(3, 4, proj_size=2)(torch.ones(2, 4, 3), (torch.zeros(1, 4, 4), torch.zeros(1, 4, 4)))
""",
    "proj_size_c_size": """
torch.nn.LSTM(3, 4, proj_size=2)(torch.ones(2, 4, 3), (torch.zeros(1, 4, 2), torch.zeros(1, 4, 2)))
""",
    "functional_cells": """
torch.manual_seed(0)
x, h, c = torch.randn(2, 3), torch.randn(2, 4), torch.randn(2, 4)
w_ih, w_hh = torch.randn(4, 3, requires_grad=True), torch.randn(4, 4)
print(torch.rnn_tanh_cell(x, h, w_ih, w_hh), torch.rnn_relu_cell(x, h, w_ih, w_hh, None, None))
b = torch.randn(16)
hy, cy = torch.lstm_cell(x, (h, c), torch.randn(16, 3), torch.randn(16, 4), b, b)
print(hy, cy, cy.grad_fn.name())
g = torch.gru_cell(x, h, torch.randn(12, 3), torch.randn(12, 4), torch.randn(12), None)
print(g, g.grad_fn)
""",
    "functional_cell_1d": """
zeros = torch.zeros(4)
torch.lstm_cell(torch.ones(3), (zeros, zeros), torch.ones(16, 3), torch.ones(16, 4))
""",
    "pad_sequence": """
from_rnn = torch.nn.utils.rnn
a = torch.arange(6.0).reshape(3, 2).requires_grad_()
b = torch.ones(1, 2, requires_grad=True)
c = torch.full((2, 2), 5.0, requires_grad=True)
p = from_rnn.pad_sequence([a, b, c])
print(p, p.shape)
q = from_rnn.pad_sequence([a, b, c], batch_first=True, padding_value=-1, padding_side="left")
print(q)
(p * torch.arange(18.0).reshape(3, 3, 2)).sum().backward()
(q * q).sum().backward()
print(a.grad, b.grad, c.grad)
print(from_rnn.pad_sequence([torch.tensor([1, 2]), torch.tensor([3])]))
print(from_rnn.pad_sequence(torch.ones(2, 3), batch_first=True))
print(p.grad_fn.name(), from_rnn.pad_sequence([torch.ones(2), torch.ones(1)]).grad_fn)
for f in [
    lambda: from_rnn.pad_sequence([a, torch.ones(2, 3)]),
    lambda: from_rnn.pad_sequence([a], padding_side="middle"),
    lambda: from_rnn.pad_sequence([]),
]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
""",
    "dropout_one_layer_warns": "print(torch.nn.LSTM(3, 4, dropout=0.2))",
    "dropout_out_of_range": "torch.nn.GRU(3, 4, dropout=1.5)",
    "dropout_bool": "torch.nn.GRU(3, 4, dropout=True)",
    "bias_not_bool": "torch.nn.GRU(3, 4, bias=1)",
    "batch_first_not_bool": "torch.nn.LSTM(3, 4, batch_first=0)",
    "input_size_not_int": "torch.nn.RNN(3.0, 4)",
    "input_size_zero": "torch.nn.RNN(0, 4)",
    "hidden_size_not_int": "torch.nn.RNN(3, 4.0)",
    "hidden_size_zero": "torch.nn.LSTM(3, 0)",
    "num_layers_zero": "torch.nn.GRU(3, 4, 0)",
    "proj_size_gru": "torch.nn.GRU(3, 4, proj_size=2)",
    "proj_size_rnn": "torch.nn.RNN(3, 4, proj_size=2)",
    "unknown_nonlinearity": "torch.nn.RNN(3, 4, nonlinearity='sigmoid')",
    "cell_unknown_nonlinearity": "torch.nn.RNNCell(3, 4, nonlinearity='foo')(torch.ones(3))",
    "cell_input_size": "torch.nn.LSTMCell(3, 4)(torch.ones(2, 5))",
    "cell_input_3d": "torch.nn.RNNCell(3, 4)(torch.ones(2, 2, 3))",
    "lstm_cell_input_3d": "torch.nn.LSTMCell(3, 4)(torch.ones(2, 2, 3))",
    "gru_cell_input_3d": "torch.nn.GRUCell(3, 4)(torch.ones(2, 2, 3))",
    "rnn_cell_hidden_3d": "torch.nn.RNNCell(3, 4)(torch.ones(3), torch.ones(1, 1, 4))",
    "gru_cell_hidden_3d": "torch.nn.GRUCell(3, 4)(torch.ones(3), torch.ones(1, 1, 4))",
    "lstm_cell_hx_3d": """
torch.nn.LSTMCell(3, 4)(torch.ones(3), (torch.ones(4), torch.ones(1, 1, 4)))
""",
    "cell_hidden_batch": "torch.nn.GRUCell(3, 4)(torch.ones(2, 3), torch.ones(3, 4))",
    "cell_hidden_size": "torch.nn.RNNCell(3, 4)(torch.ones(2, 3), torch.ones(2, 5))",
    "cell_unbatched_input_batched_hidden": """
torch.nn.RNNCell(3, 4)(torch.ones(3), torch.ones(2, 4))
""",
    "cell_batched_input_unbatched_hidden": """
torch.nn.RNNCell(3, 4)(torch.ones(2, 3), torch.ones(4))
""",
    "lstm_cell_c_size": """
torch.nn.LSTMCell(3, 4)(torch.ones(2, 3), (torch.ones(2, 4), torch.ones(2, 5)))
""",
    "lstm_cell_h_batch": """
torch.nn.LSTMCell(3, 4)(torch.ones(2, 3), (torch.ones(3, 4), torch.ones(2, 4)))
""",
    "layer_input_size": "torch.nn.LSTM(3, 4)(torch.ones(5, 2, 6))",
    "layer_input_1d": "torch.nn.LSTM(3, 4)(torch.ones(3))",
    "rnn_input_4d": "torch.nn.RNN(3, 4)(torch.ones(2, 2, 2, 3))",
    "gru_input_4d": "torch.nn.GRU(3, 4)(torch.ones(2, 2, 2, 3))",
    "layer_hidden_size": "torch.nn.GRU(3, 4)(torch.ones(5, 2, 3), torch.ones(1, 3, 4))",
    "layer_hidden_batch_first": """
torch.nn.GRU(3, 4, batch_first=True)(torch.ones(2, 5, 3), torch.ones(1, 5, 4))
""",
    "layer_unbatched_hidden_3d": "torch.nn.GRU(3, 4)(torch.ones(5, 3), torch.ones(1, 1, 4))",
    "layer_batched_hidden_2d": "torch.nn.RNN(3, 4)(torch.ones(5, 2, 3), torch.ones(1, 4))",
    "lstm_c_size": """
torch.nn.LSTM(3, 4)(torch.ones(5, 2, 3), (torch.ones(1, 2, 4), torch.ones(1, 2, 5)))
""",
    "lstm_h_size": """
torch.nn.LSTM(3, 4)(torch.ones(5, 2, 3), (torch.ones(2, 2, 4), torch.ones(1, 2, 4)))
""",
    "lstm_batched_hx_2d": """
torch.nn.LSTM(3, 4)(torch.ones(5, 2, 3), (torch.ones(1, 4), torch.ones(1, 4)))
""",
    "lstm_unbatched_hx_3d": """
torch.nn.LSTM(3, 4)(torch.ones(5, 3), (torch.ones(1, 1, 4), torch.ones(1, 4)))
""",
    "layer_dtype": "torch.nn.GRU(3, 4)(torch.ones(5, 2, 3, dtype=torch.float64))",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])
