"""Recurrent layers: the cells ``RNNCell``, ``LSTMCell``, ``GRUCell`` (one time
step) and the layers ``RNN``, ``LSTM``, ``GRU`` (a whole sequence, stacked in
``num_layers``, optionally in both directions).

One step of each cell, with ``x`` the input and ``h`` (and ``c``) the state::

    RNN:  h' = tanh(W_ih x + b_ih + W_hh h + b_hh)          (or relu)
    LSTM: i, f, g, o = chunks of (W_ih x + b_ih + W_hh h + b_hh)
          c' = sigmoid(f) * c + sigmoid(i) * tanh(g)
          h' = sigmoid(o) * tanh(c')
    GRU:  r, z, n chunks of W_ih x + b_ih (and of W_hh h + b_hh)
          r = sigmoid(r_i + r_h), z = sigmoid(z_i + z_h)
          n = tanh(n_i + r * n_h)
          h' = (h - n) * z + n                              (= (1 - z) * n + z * h)

The weights are stacked gate by gate in torch's order (LSTM: i, f, g, o; GRU:
r, z, n), with torch's shapes, and drawn as torch draws them: every parameter,
in registration order, uniform on ``[-1/sqrt(hidden_size), 1/sqrt(hidden_size)]``,
so after the same ``manual_seed`` a layer starts with torch's numbers.

The cells are built from ordinary operations in the order torch's C++ code
uses, so their graphs show torch's nodes (``AddmmBackward0``, the gates cut
apart by ``UnsafeSplitBackward0``, ``SigmoidBackward0``, ``TanhBackward0``...).
The layers run the cells step after step and stack the outputs
(``StackBackward0``, as torch's own RNN and GRU on the CPU; with
``bidirectional=True`` the two directions are joined by ``CatBackward0``).
torch's LSTM layer runs each layer and direction as one fused kernel instead
(``MkldnnRnnLayerBackward0``, the output's ``grad_fn`` with one direction),
which minigrad does not imitate: values and gradients are the same, that node
name differs. (With ``proj_size`` torch warns, once per process, that the fused
kernel cannot do projections, and falls back to the step-by-step way; minigrad
has no such kernel and says nothing.) Between stacked layers, ``dropout`` draws
its mask from the same generator as torch's ``dropout``.

>>> import minigrad as torch
>>> torch.nn.LSTM(3, 4, num_layers=2)
LSTM(3, 4, num_layers=2)
>>> out, (h, c) = torch.nn.LSTM(3, 4)(torch.ones(5, 2, 3))
>>> out.shape, h.shape, c.shape
(torch.Size([5, 2, 4]), torch.Size([1, 2, 4]), torch.Size([1, 2, 4]))
"""

from __future__ import annotations

import math
import numbers
import warnings
from typing import Any

from ..._creation import empty, zeros
from ...core.tensor import Tensor
from ...exact import messages as _messages
from ...ops.join import cat, stack, unsafe_chunk
from .. import init
from ..parameter import Parameter
from .dropout import dropout as _dropout
from .linear import linear
from .module import Module


# --- one time step --------------------------------------------------------------
def _check_cell_input(input: Tensor, w_ih: Tensor) -> None:
    if input.size(1) != w_ih.size(1):
        raise RuntimeError(_messages.rnn_cell_input_size(input.size(1), w_ih.size(1)))


def _check_cell_hidden(input: Tensor, hx: Tensor, hidden_size: int, label: int) -> None:
    if input.size(0) != hx.size(0):
        raise RuntimeError(_messages.rnn_cell_batch(input.size(0), label, hx.size(0)))
    if hx.size(1) != hidden_size:
        raise RuntimeError(_messages.rnn_cell_hidden_size(label, hx.size(1), hidden_size))


def rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None) -> Tensor:
    """``tanh(x W_ihᵀ + b_ih + h W_hhᵀ + b_hh)`` (also ``torch.rnn_tanh_cell``)."""
    return _rnn_step(input, hx, w_ih, w_hh, b_ih, b_hh).tanh()


def rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None) -> Tensor:
    """``relu(x W_ihᵀ + b_ih + h W_hhᵀ + b_hh)`` (also ``torch.rnn_relu_cell``)."""
    return _rnn_step(input, hx, w_ih, w_hh, b_ih, b_hh).relu()


def _rnn_step(input, hx, w_ih, w_hh, b_ih, b_hh) -> Tensor:
    _check_cell_input(input, w_ih)
    _check_cell_hidden(input, hx, w_hh.size(1), 0)
    return linear(input, w_ih, b_ih) + linear(hx, w_hh, b_hh)


def lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None) -> tuple[Tensor, Tensor]:
    """One LSTM step: the new ``(h, c)`` from the input and the old ``(h, c)``
    (also ``torch.lstm_cell``)."""
    _check_cell_input(input, w_ih)
    hidden_size = w_hh.size(1)
    _check_cell_hidden(input, hx[0], hidden_size, 0)
    _check_cell_hidden(input, hx[1], hidden_size, 1)
    return _lstm_step(input, hx, w_ih, w_hh, b_ih, b_hh)


def _lstm_step(input, hx, w_ih, w_hh, b_ih=None, b_hh=None, w_hr=None) -> tuple[Tensor, Tensor]:
    """``lstm_cell`` without its checks; with ``w_hr`` (``proj_size``), ``h``
    is projected to ``proj_size`` features."""
    h, c = hx
    gates = linear(input, w_ih, b_ih) + linear(h, w_hh, b_hh)
    i, f, g, o = unsafe_chunk(gates, 4, 1)
    i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
    cy = f * c + i * g
    hy = o * cy.tanh()
    if w_hr is not None:
        hy = hy.matmul(w_hr.t())
    return hy, cy


def gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None) -> Tensor:
    """One GRU step; ``n = tanh(W_in x + b_in + r * (W_hn h + b_hn))`` (also
    ``torch.gru_cell``)."""
    _check_cell_input(input, w_ih)
    _check_cell_hidden(input, hx, w_hh.size(1), 0)
    i_r, i_z, i_n = unsafe_chunk(linear(input, w_ih, b_ih), 3, 1)
    h_r, h_z, h_n = unsafe_chunk(linear(hx, w_hh, b_hh), 3, 1)
    r = (h_r + i_r).sigmoid()
    z = (h_z + i_z).sigmoid()
    n = (i_n + h_n * r).tanh()
    return (hx - n) * z + n


# --- the cells ----------------------------------------------------------------
class RNNCellBase(Module):
    """What the three cells share: the weights, their starting values, the repr."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool,
        num_chunks: int,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        gates = num_chunks * hidden_size
        self.weight_ih = Parameter(empty(gates, input_size, dtype=dtype, device=device))
        self.weight_hh = Parameter(empty(gates, hidden_size, dtype=dtype, device=device))
        if bias:
            self.bias_ih = Parameter(empty(gates, dtype=dtype, device=device))
            self.bias_hh = Parameter(empty(gates, dtype=dtype, device=device))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self) -> str:
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self) -> None:
        """Every parameter uniform on ``[-1/sqrt(hidden_size), 1/sqrt(hidden_size)]``."""
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _batched(self, input: Tensor, hx: Any) -> tuple[bool, Tensor, Any]:
        """A 1-D input (and state) gets a batch dimension; a missing state is zeros."""
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = zeros(input.shape[0], self.hidden_size, dtype=input.dtype, device=input.device)
        return is_batched, input, hx


class RNNCell(RNNCellBase):
    """An Elman RNN step: ``h' = tanh(W_ih x + b_ih + W_hh h + b_hh)`` (or relu)."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        nonlinearity: str = "tanh",
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(input_size, hidden_size, bias, 1, device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        if input.dim() not in (1, 2):
            raise ValueError(f"RNNCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"RNNCell: Expected hidden to be 1D or 2D, got {hx.dim()}D instead")
        given = hx is not None
        is_batched, input, hx = self._batched(input, hx)
        if given and not is_batched:
            hx = hx.unsqueeze(0)
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        step = rnn_relu_cell if self.nonlinearity == "relu" else rnn_tanh_cell
        ret = step(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    """An LSTM step: returns the new ``(h, c)``. Gates stacked as i, f, g, o."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(input_size, hidden_size, bias, 4, device, dtype)

    def forward(self, input: Tensor, hx: Any = None) -> tuple[Tensor, Tensor]:
        if input.dim() not in (1, 2):
            raise ValueError(f"LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(_messages.lstm_cell_hx_dims(idx, value.dim()))
        given = hx is not None
        is_batched, input, hx = self._batched(input, hx)
        if not given:
            hx = (hx, hx)
        elif not is_batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        h, c = lstm_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return (h, c) if is_batched else (h.squeeze(0), c.squeeze(0))


class GRUCell(RNNCellBase):
    """A GRU step. Gates stacked as r, z, n."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(input_size, hidden_size, bias, 3, device, dtype)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        if input.dim() not in (1, 2):
            raise ValueError(f"GRUCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"GRUCell: Expected hidden to be 1D or 2D, got {hx.dim()}D instead")
        given = hx is not None
        is_batched, input, hx = self._batched(input, hx)
        if given and not is_batched:
            hx = hx.unsqueeze(0)
        ret = gru_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)


# --- whole sequences ------------------------------------------------------------
_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


class RNNBase(Module):
    """What ``RNN``, ``LSTM`` and ``GRU`` share: the checks, the weights
    (``weight_ih_l0``, ``weight_hh_l0``, ``bias_ih_l0``, ``bias_hh_l0``, then
    ``..._l0_reverse`` if bidirectional, then layer 1...) and the loop over
    layers, directions and time steps."""

    def __init__(
        self,
        mode: str,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        proj_size: int = 0,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if (
            not isinstance(dropout, numbers.Number)
            or not 0 <= dropout <= 1
            or isinstance(dropout, bool)
        ):
            raise ValueError(_messages.RNN_DROPOUT_RANGE)
        if dropout > 0 and num_layers == 1:
            warnings.warn(_messages.rnn_dropout_one_layer(dropout, num_layers), stacklevel=2)
        if not isinstance(bias, bool):
            raise TypeError(f"bias should be of type bool, got: {type(bias).__name__}")
        if not isinstance(batch_first, bool):
            raise TypeError(
                f"batch_first should be of type bool, got: {type(batch_first).__name__}"
            )
        if not isinstance(input_size, int):
            raise TypeError(f"input_size should be of type int, got: {type(input_size).__name__}")
        if input_size <= 0:
            raise ValueError("input_size must be greater than zero")
        if not isinstance(hidden_size, int):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError(_messages.RNN_PROJ_SIZE_NEGATIVE)
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode not in _GATES:
            raise ValueError("Unrecognized RNN mode: " + mode)
        gate_size = _GATES[mode] * hidden_size

        self._flat_weights_names: list[str] = []
        self._all_weights: list[list[str]] = []
        real_hidden_size = proj_size if proj_size > 0 else hidden_size
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                shapes = [(gate_size, layer_input_size), (gate_size, real_hidden_size)]
                names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias:
                    shapes += [(gate_size,), (gate_size,)]
                    names += ["bias_ih_l{}{}", "bias_hh_l{}{}"]
                if proj_size > 0:
                    shapes.append((proj_size, hidden_size))
                    names.append("weight_hr_l{}{}")
                suffix = "_reverse" if direction == 1 else ""
                names = [n.format(layer, suffix) for n in names]
                for name, shape in zip(names, shapes):
                    setattr(self, name, Parameter(empty(*shape, dtype=dtype, device=device)))
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    def flatten_parameters(self) -> None:
        """Does nothing: torch packs the weights into one block of memory for
        cuDNN here; minigrad's weights stay separate tensors."""

    @property
    def _flat_weights(self) -> list[Parameter | None]:
        return [getattr(self, name, None) for name in self._flat_weights_names]

    @property
    def all_weights(self) -> list[list[Parameter]]:
        """The parameters, one list per layer and direction."""
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def reset_parameters(self) -> None:
        """Every parameter uniform on ``[-1/sqrt(hidden_size), 1/sqrt(hidden_size)]``."""
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self) -> str:
        s = "{input_size}, {hidden_size}"
        if self.proj_size != 0:
            s += ", proj_size={proj_size}"
        if self.num_layers != 1:
            s += ", num_layers={num_layers}"
        if self.bias is not True:
            s += ", bias={bias}"
        if self.batch_first is not False:
            s += ", batch_first={batch_first}"
        if self.dropout != 0:
            s += ", dropout={dropout}"
        if self.bidirectional is not False:
            s += ", bidirectional={bidirectional}"
        return s.format(**self.__dict__)

    # --- checks, as torch makes them
    def _check_input(self, input: Tensor) -> None:
        weight = getattr(self, self._flat_weights_names[0])
        if input.dtype != weight.dtype:
            raise ValueError(_messages.rnn_dtype(input.dtype, weight.dtype))
        if input.dim() != 3:
            raise RuntimeError(f"input must have 3 dimensions, got {input.dim()}")
        if self.input_size != input.shape[-1]:
            raise RuntimeError(_messages.rnn_input_size(self.input_size, input.shape[-1]))

    def _expected_hidden_size(self, input: Tensor, cell: bool = False) -> tuple[int, int, int]:
        """The shape of ``h_0`` (``cell=True``: of the LSTM's ``c_0``)."""
        mini_batch = input.shape[0] if self.batch_first else input.shape[1]
        num_directions = 2 if self.bidirectional else 1
        size = self.proj_size if self.proj_size > 0 and not cell else self.hidden_size
        return (self.num_layers * num_directions, mini_batch, size)

    def _check_hidden_size(
        self,
        hx: Tensor,
        expected: tuple[int, int, int],
        msg: str = "Expected hidden size {}, got {}",
    ) -> None:
        if tuple(hx.shape) != expected:
            raise RuntimeError(msg.format(expected, list(hx.shape)))

    def _zeros(self, input: Tensor, cell: bool = False) -> Tensor:
        shape = self._expected_hidden_size(input, cell)
        return zeros(*shape, dtype=input.dtype, device=input.device)

    # --- the computation
    def _step(self, x: Tensor, state: Any, weights: list[Tensor]) -> tuple[Tensor, Any]:
        """One time step of one layer in one direction: (output, new state)."""
        if self.mode == "LSTM":
            if self.proj_size > 0:
                *weights, w_hr = weights
                h, c = _lstm_step(x, state, *weights, w_hr=w_hr)
            else:
                h, c = lstm_cell(x, state, *weights)
            return h, (h, c)
        if self.mode == "GRU":
            h = gru_cell(x, state, *weights)
        else:
            step = rnn_relu_cell if self.mode == "RNN_RELU" else rnn_tanh_cell
            h = step(x, state, *weights)
        return h, h

    def _run(self, input: Tensor, hx: list[Any]) -> tuple[Tensor, list[Any]]:
        """``input`` is ``(seq, batch, features)``; ``hx`` holds one state per layer
        and direction. Returns the last layer's outputs and the final states."""
        num_directions = 2 if self.bidirectional else 1
        finals = []
        layer_input = input
        for layer in range(self.num_layers):
            steps = layer_input.unbind(0)
            outputs = []
            for direction in range(num_directions):
                k = layer * num_directions + direction
                weights = self.all_weights[k]
                state = hx[k]
                order = range(len(steps)) if direction == 0 else reversed(range(len(steps)))
                outs = [None] * len(steps)
                for t in order:
                    outs[t], state = self._step(steps[t], state, weights)
                finals.append(state)
                outputs.append(stack(outs, 0))
            layer_input = outputs[0] if num_directions == 1 else cat(outputs, -1)
            if self.dropout != 0 and self.training and layer < self.num_layers - 1:
                layer_input = _dropout(layer_input, self.dropout, True)
        return layer_input, finals

    def _forward(self, input: Tensor, hx: Any) -> tuple[Tensor, Any]:
        """The layers on a batched, time-first input with a checked state."""
        if self.batch_first:
            input = input.transpose(0, 1)
        if self.mode == "LSTM":
            states = list(zip(hx[0].unbind(0), hx[1].unbind(0)))
        else:
            states = list(hx.unbind(0))
        output, finals = self._run(input, states)
        if self.batch_first:  # (torch's RNN and GRU turn it in place: TransposeBackward1)
            output = output.transpose(0, 1) if self.mode == "LSTM" else output.transpose_(0, 1)
        if self.mode == "LSTM":
            hidden = (stack([h for h, _ in finals], 0), stack([c for _, c in finals], 0))
        else:
            hidden = stack(finals, 0)
        return output, hidden

    def _forward_one_state(self, input: Tensor, hx: Tensor | None) -> tuple[Tensor, Tensor]:
        """RNN's and GRU's forward once the input has 2 or 3 dims: one state tensor
        (an LSTM has two); an unbatched input gets a batch of one and loses it again."""
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError(_messages.rnn_unbatched_hx(hx.dim()))
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError(_messages.rnn_batched_hx(hx.dim()))
        if hx is None:
            hx = self._zeros(input)
        self._check_input(input)
        self._check_hidden_size(hx, self._expected_hidden_size(input))
        output, hidden = self._forward(input, hx)
        if not is_batched:
            output, hidden = output.squeeze(batch_dim), hidden.squeeze(1)
        return output, hidden


class RNN(RNNBase):
    """An Elman RNN over a sequence: ``output, h_n = rnn(input, h_0)``.

    ``input`` is ``(L, N, input_size)`` (``(N, L, input_size)`` with
    ``batch_first=True``, or ``(L, input_size)`` unbatched); ``h_0`` is
    ``(num_layers * num_directions, N, hidden_size)``, zeros if left out.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if "proj_size" in kwargs:
            raise ValueError(_messages.RNN_PROJ_SIZE)
        if len(args) > 3:
            nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(_messages.rnn_nonlinearity(nonlinearity))
        super().__init__(mode, *args, **kwargs)
        self.nonlinearity = nonlinearity

    def forward(self, input: Tensor, hx: Tensor | None = None) -> tuple[Tensor, Tensor]:
        if input.dim() not in (2, 3):
            raise ValueError(
                f"RNN: Expected input to be 2D or 3D, got {input.dim()}D tensor instead"
            )
        return self._forward_one_state(input, hx)


class LSTM(RNNBase):
    """An LSTM over a sequence: ``output, (h_n, c_n) = lstm(input, (h_0, c_0))``.

    With ``proj_size > 0`` each layer also has ``weight_hr_l{k}`` of shape
    ``(proj_size, hidden_size)``, and ``h`` (and ``output``) has ``proj_size``
    features: ``h = (o * tanh(c)) W_hrᵀ``.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__("LSTM", *args, **kwargs)

    def forward(self, input: Tensor, hx: Any = None) -> tuple[Tensor, tuple[Tensor, Tensor]]:
        if input.dim() not in (2, 3):
            raise ValueError(f"LSTM: Expected input to be 2D or 3D, got {input.dim()}D instead")
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
        if hx is None:
            hx = (self._zeros(input), self._zeros(input, cell=True))
        else:
            dims = (hx[0].dim(), hx[1].dim())
            if is_batched and dims != (3, 3):
                raise RuntimeError(_messages.lstm_batched_hx(*dims))
            if not is_batched:
                if dims != (2, 2):
                    raise RuntimeError(_messages.lstm_unbatched_hx(*dims))
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
        self._check_input(input)
        expected, expected_cell = (
            self._expected_hidden_size(input),
            self._expected_hidden_size(input, cell=True),
        )
        self._check_hidden_size(hx[0], expected, "Expected hidden[0] size {}, got {}")
        self._check_hidden_size(hx[1], expected_cell, "Expected hidden[1] size {}, got {}")
        output, (h, c) = self._forward(input, hx)
        if not is_batched:
            output, h, c = output.squeeze(batch_dim), h.squeeze(1), c.squeeze(1)
        return output, (h, c)


class GRU(RNNBase):
    """A GRU over a sequence: ``output, h_n = gru(input, h_0)``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if "proj_size" in kwargs:
            raise ValueError(_messages.RNN_PROJ_SIZE)
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> tuple[Tensor, Tensor]:
        if input.dim() not in (2, 3):
            raise ValueError(f"GRU: Expected input to be 2D or 3D, got {input.dim()}D instead")
        return self._forward_one_state(input, hx)


for _cls in (RNNBase, RNN, LSTM, GRU, RNNCellBase, RNNCell, LSTMCell, GRUCell):
    _cls.__module__ = "torch.nn.modules.rnn"
