"""A zoo of small real architectures, written once for ``torch`` and for ``minigrad``.

Each builder takes the library (``import torch`` or ``import minigrad as torch``) and
returns ``(model, loss)``: a fresh forward pass, seeded, small enough for a test. The
same code runs on both libraries wherever minigrad has the operations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def cnn(torch: Any) -> tuple[Any, Any]:
    """Convolutions with BatchNorm, pooling and dropout, and a cross-entropy loss."""
    nn, F = torch.nn, torch.nn.functional
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(3, 4, 3, padding=1),
        nn.BatchNorm2d(4),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Dropout(0.25),
        nn.Flatten(),
        nn.Linear(4 * 4 * 4, 3),
    )
    x = torch.randn(4, 3, 8, 8)
    return model, F.cross_entropy(model(x), torch.tensor([0, 1, 2, 0]))


class _Block:
    """A ResNet basic block: two 3x3 convolutions with BatchNorm, and the identity added."""

    @staticmethod
    def make(torch: Any, c: int) -> Any:
        nn = torch.nn

        class Block(nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
                self.bn1 = nn.BatchNorm2d(c)
                self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
                self.bn2 = nn.BatchNorm2d(c)

            def forward(self, x: Any) -> Any:
                out = torch.relu(self.bn1(self.conv1(x)))
                return torch.relu(self.bn2(self.conv2(out)) + x)

        return Block()


def resnet(torch: Any) -> tuple[Any, Any]:
    """A stem and two residual blocks (fan-out at every skip connection)."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(3, 4, 3, padding=1), _Block.make(torch, 4), _Block.make(torch, 4)
    )
    return model, model(torch.randn(2, 3, 6, 6)).mean()


def depthwise(torch: Any) -> tuple[Any, Any]:
    """A depthwise (groups = channels) and a pointwise convolution, MobileNet style."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(4, 4, 3, padding=1, groups=4), nn.ReLU(), nn.Conv2d(4, 8, 1), nn.ReLU()
    )
    return model, model(torch.randn(2, 4, 5, 5)).pow(2).mean()


def densenet(torch: Any) -> tuple[Any, Any]:
    """Dense connections: each layer sees the concatenation of all earlier features."""
    nn = torch.nn
    torch.manual_seed(0)

    class Dense(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.layers = nn.ModuleList([nn.Conv2d(2 + 2 * k, 2, 3, padding=1) for k in range(3)])

        def forward(self, x: Any) -> Any:
            features = [x]
            for layer in self.layers:
                features.append(torch.relu(layer(torch.cat(features, 1))))
            return torch.cat(features, 1)

    model = Dense()
    return model, model(torch.randn(2, 2, 4, 4)).sum()


def inception(torch: Any) -> tuple[Any, Any]:
    """Parallel branches concatenated, and an auxiliary loss from a middle layer."""
    nn, F = torch.nn, torch.nn.functional
    torch.manual_seed(0)

    class Inception(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.b1 = nn.Conv2d(3, 2, 1)
            self.b3 = nn.Sequential(nn.Conv2d(3, 2, 1), nn.Conv2d(2, 2, 3, padding=1))
            self.pool = nn.Sequential(nn.MaxPool2d(3, 1, 1), nn.Conv2d(3, 2, 1))
            self.aux = nn.Linear(2 * 16, 2)
            self.head = nn.Linear(6 * 16, 2)

        def forward(self, x: Any) -> tuple[Any, Any]:
            a = self.b1(x)
            mixed = torch.cat([a, self.b3(x), self.pool(x)], 1)
            return self.head(mixed.flatten(1)), self.aux(a.flatten(1))

    model = Inception()
    out, aux = model(torch.randn(2, 3, 4, 4))
    y = torch.tensor([0, 1])
    return model, F.cross_entropy(out, y) + 0.3 * F.cross_entropy(aux, y)


def unet(torch: Any) -> tuple[Any, Any]:
    """Down, bottom, up (transposed convolution) and the skip concatenated back."""
    nn = torch.nn
    torch.manual_seed(0)

    class UNet(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.down = nn.Conv2d(1, 4, 3, padding=1)
            self.bottom = nn.Conv2d(4, 4, 3, padding=1)
            self.up = nn.ConvTranspose2d(4, 4, 2, stride=2)
            self.out = nn.Conv2d(8, 1, 1)

        def forward(self, x: Any) -> Any:
            d = torch.relu(self.down(x))
            b = torch.relu(self.bottom(torch.max_pool2d(d, 2)))
            return self.out(torch.cat([self.up(b), d], 1))

    model = UNet()
    return model, (model(torch.randn(1, 1, 8, 8)) - 0.5).pow(2).mean()


def lstm(torch: Any) -> tuple[Any, Any]:
    """An LSTM over 5 steps; the loss reads the outputs and the last states."""
    torch.manual_seed(0)
    model = torch.nn.LSTM(3, 4)
    out, (h, c) = model(torch.randn(5, 2, 3))
    return model, out.pow(2).mean() + h.sum() + c.sum()


def gru(torch: Any) -> tuple[Any, Any]:
    """A 2-layer GRU: its gates are split from one matrix product (multi-output nodes)."""
    torch.manual_seed(0)
    model = torch.nn.GRU(3, 4, num_layers=2)
    _, h = model(torch.randn(4, 2, 3))
    return model, h[-1].pow(2).sum()


def seq2seq(torch: Any) -> tuple[Any, Any]:
    """A GRU encoder, and a decoder step that attends over the encoder's outputs."""
    nn = torch.nn
    torch.manual_seed(0)

    class Seq2Seq(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = nn.GRU(3, 4, batch_first=True)
            self.decoder = nn.GRUCell(4, 4)
            self.out = nn.Linear(8, 2)

        def forward(self, x: Any) -> Any:
            memory, h = self.encoder(x)
            state = self.decoder(memory[:, -1], h[0])
            scores = torch.softmax((memory * state.unsqueeze(1)).sum(-1), dim=1)
            context = (scores.unsqueeze(-1) * memory).sum(1)
            return self.out(torch.cat([state, context], 1))

    model = Seq2Seq()
    return model, model(torch.randn(2, 5, 3)).pow(2).sum()


def transformer(torch: Any) -> tuple[Any, Any]:
    """A 2-layer Transformer encoder (self-attention, feed-forward, LayerNorm, dropout)."""
    nn = torch.nn
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)
    model = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
    return model, model(torch.randn(2, 4, 8)).pow(2).mean()


def self_attention(torch: Any) -> tuple[Any, Any]:
    """Multi-head self-attention: query, key and value from one input (in_proj split)."""
    torch.manual_seed(0)
    model = torch.nn.MultiheadAttention(8, 2, batch_first=True)
    x = torch.randn(2, 3, 8)
    return model, model(x, x, x)[0].sum()


def cross_attention(torch: Any) -> tuple[Any, Any]:
    """Multi-head cross-attention: 3 queries over 4 keys (outputs of two shapes)."""
    torch.manual_seed(0)
    model = torch.nn.MultiheadAttention(8, 2, batch_first=True)
    q, kv = torch.randn(2, 3, 8), torch.randn(2, 4, 8)
    return model, model(q, kv, kv)[0].pow(2).sum()


def vit(torch: Any) -> tuple[Any, Any]:
    """A tiny vision Transformer: patches, a class token, positions, one encoder layer."""
    nn, F = torch.nn, torch.nn.functional
    torch.manual_seed(0)

    class ViT(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.patch = nn.Conv2d(1, 8, 4, stride=4)
            self.cls = nn.Parameter(torch.zeros(1, 1, 8))
            self.pos = nn.Parameter(torch.randn(1, 5, 8) * 0.02)
            self.encoder = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)
            self.head = nn.Linear(8, 3)

        def forward(self, x: Any) -> Any:
            tokens = self.patch(x).flatten(2).transpose(1, 2)
            tokens = torch.cat([self.cls.expand(x.shape[0], -1, -1), tokens], 1) + self.pos
            return self.head(self.encoder(tokens)[:, 0])

    model = ViT()
    return model, F.cross_entropy(model(torch.randn(2, 1, 8, 8)), torch.tensor([0, 2]))


def vae(torch: Any) -> tuple[Any, Any]:
    """A VAE: the reparameterisation trick (random noise) and a KL term."""
    nn = torch.nn
    torch.manual_seed(0)

    class VAE(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.enc = nn.Linear(6, 8)
            self.mu, self.logvar = nn.Linear(8, 2), nn.Linear(8, 2)
            self.dec = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 6))

        def forward(self, x: Any) -> Any:
            h = torch.relu(self.enc(x))
            mu, logvar = self.mu(h), self.logvar(h)
            z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
            recon = (self.dec(z) - x).pow(2).sum()
            kl = -0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum()
            return recon + kl

    model = VAE()
    return model, model(torch.randn(4, 6))


def gan_step(torch: Any) -> tuple[Any, Any]:
    """The generator's step of a GAN: the discriminator is frozen (requires_grad off)."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.ModuleDict(
        {
            "G": nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 3)),
            "D": nn.Sequential(nn.Linear(3, 4), nn.LeakyReLU(0.2), nn.Linear(4, 1)),
        }
    )
    for p in model["D"].parameters():
        p.requires_grad_(False)
    fake = model["G"](torch.randn(5, 2))
    logits = model["D"](fake)
    loss = nn.functional.binary_cross_entropy_with_logits(logits, torch.ones(5, 1))
    return model, loss


def message_passing(torch: Any) -> tuple[Any, Any]:
    """A graph network layer: messages along edges, summed per node with index_add_."""
    nn = torch.nn
    torch.manual_seed(0)

    class GNN(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.message = nn.Linear(3, 3)
            self.update = nn.Linear(6, 3)

        def forward(self, x: Any, src: Any, dst: Any) -> Any:
            msgs = self.message(x[src])
            agg = torch.zeros_like(x).index_add_(0, dst, msgs)
            return self.update(torch.cat([x, agg], 1))

    model = GNN()
    x = torch.randn(4, 3)
    src, dst = torch.tensor([0, 1, 2, 3, 0]), torch.tensor([1, 2, 3, 0, 2])
    return model, model(x, src, dst).pow(2).sum()


def weight_tying(torch: Any) -> tuple[Any, Any]:
    """A language model whose output layer reuses the embedding's weight (fan-in)."""
    nn, F = torch.nn, torch.nn.functional
    torch.manual_seed(0)

    class Tied(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.embed = nn.Embedding(7, 4)
            self.mix = nn.Linear(4, 4)
            self.out = nn.Linear(4, 7, bias=False)
            self.out.weight = self.embed.weight

        def forward(self, ids: Any) -> Any:
            return self.out(torch.tanh(self.mix(self.embed(ids))))

    model = Tied()
    ids = torch.tensor([[1, 2, 3], [4, 5, 6]])
    return model, F.cross_entropy(model(ids).reshape(-1, 7), ids.reshape(-1))


def checkpointed(torch: Any, reentrant: bool) -> tuple[Any, Any]:
    """A block under activation checkpointing (torch.utils.checkpoint)."""
    nn = torch.nn
    checkpoint = torch.utils.checkpoint.checkpoint
    torch.manual_seed(0)
    model = nn.ModuleDict(
        {
            "block": nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4), nn.Tanh()),
            "head": nn.Linear(4, 1),
        }
    )
    x = torch.randn(6, 4, requires_grad=True)
    h = checkpoint(model["block"], x, use_reentrant=reentrant)
    return model, model["head"](h).pow(2).mean()


def custom_function(torch: Any) -> tuple[Any, Any]:
    """A custom autograd.Function (a clipped square) inside a model."""
    nn = torch.nn
    torch.manual_seed(0)

    class ClippedSquare(torch.autograd.Function):
        @staticmethod
        def forward(ctx: Any, x: Any) -> Any:
            ctx.save_for_backward(x)
            return x.clamp(-1, 1) ** 2

        @staticmethod
        def backward(ctx: Any, g: Any) -> Any:
            (x,) = ctx.saved_tensors
            return g * 2 * x.clamp(-1, 1) * (x.abs() <= 1).to(x.dtype)

    model = nn.Sequential(nn.Linear(3, 4), nn.Linear(4, 2))
    h = model[0](torch.randn(5, 3))
    return model, model[1](ClippedSquare.apply(h)).sum()


def gradient_penalty(torch: Any) -> tuple[Any, Any]:
    """A WGAN-GP style penalty: a gradient taken with create_graph, then differentiated."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    x = torch.randn(5, 3, requires_grad=True)
    (g,) = torch.autograd.grad(model(x).sum(), x, create_graph=True)
    penalty = (g.norm(2, dim=1) - 1).pow(2).mean()
    return model, model(x).mean() + 10 * penalty


def hooks(torch: Any) -> tuple[Any, Any]:
    """A tensor hook that halves a gradient, and a module's full backward hook."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    model[2].register_full_backward_hook(lambda module, g_in, g_out: None)
    h = model[0](torch.randn(5, 3))
    h.register_hook(lambda g: g * 0.5)
    return model, model[2](torch.relu(h)).pow(2).sum()


def mixture_of_experts(torch: Any) -> tuple[Any, Any]:
    """A mixture of experts: each input picks its top 2 experts (topk, gather)."""
    nn = torch.nn
    torch.manual_seed(0)

    class MoE(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.gate = nn.Linear(4, 3)
            self.experts = nn.ModuleList(nn.Linear(4, 4) for _ in range(3))

        def forward(self, x: Any) -> Any:
            weight, index = self.gate(x).softmax(-1).topk(2, dim=-1)
            outs = torch.stack([expert(x) for expert in self.experts], 1)
            picked = outs.gather(1, index.unsqueeze(-1).expand(-1, -1, 4))
            return (picked * weight.unsqueeze(-1)).sum(1)

    model = MoE()
    return model, model(torch.randn(5, 4)).pow(2).mean()


def inplace_relu(torch: Any) -> tuple[Any, Any]:
    """Convolutions with ReLU(inplace=True), as torchvision writes them."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(1, 2, 3, padding=1),
        nn.BatchNorm2d(2),
        nn.ReLU(inplace=True),
        nn.Conv2d(2, 1, 3),
        nn.ReLU(inplace=True),
    )
    return model, model(torch.randn(2, 1, 5, 5)).sum()


def causal_attention(torch: Any) -> tuple[Any, Any]:
    """Attention written by hand: q, k, v chunked from one layer, a causal mask."""
    nn = torch.nn
    torch.manual_seed(0)

    class Attention(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.qkv = nn.Linear(4, 12)
            self.out = nn.Linear(4, 4)

        def forward(self, x: Any) -> Any:
            q, k, v = self.qkv(x).chunk(3, dim=-1)
            scores = q @ k.transpose(-2, -1) / 2.0
            mask = torch.triu(torch.ones(3, 3, dtype=torch.bool), 1)
            return self.out(scores.masked_fill(mask, float("-inf")).softmax(-1) @ v)

    model = Attention()
    return model, model(torch.randn(2, 3, 4)).sum()


def packed_lstm(torch: Any) -> tuple[Any, Any]:
    """An LSTM over padded sequences of two lengths (pack_padded_sequence)."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.LSTM(3, 4, batch_first=True)
    x = torch.randn(2, 5, 3)
    packed = nn.utils.rnn.pack_padded_sequence(x, torch.tensor([5, 3]), batch_first=True)
    out, (h, _c) = model(packed)
    padded, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True)
    return model, padded.sum() + h.sum()


def decoder(torch: Any) -> tuple[Any, Any]:
    """A Transformer decoder layer: masked self-attention, then cross-attention."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.1, batch_first=True)
    mask = nn.Transformer.generate_square_subsequent_mask(3)
    return model, model(torch.randn(2, 3, 8), torch.randn(2, 4, 8), tgt_mask=mask).sum()


def weight_norm(torch: Any) -> tuple[Any, Any]:
    """A weight-normalised layer: its weight is computed from two parameters."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.utils.parametrizations.weight_norm(nn.Linear(3, 4)), nn.Tanh(), nn.Linear(4, 1)
    )
    return model, model(torch.randn(5, 3)).sum()


def pre_norm_encoder(torch: Any) -> tuple[Any, Any]:
    """A pre-norm Transformer encoder (norm_first=True) with a padding mask: the
    residual adds of one layer sit on both sides of the next layer's modules."""
    nn = torch.nn
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True, norm_first=True)
    model = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
    mask = torch.tensor([[False, False, True], [False, False, False]])
    return model, model(torch.randn(2, 3, 8), src_key_padding_mask=mask).sum()


def bidirectional_rnn(torch: Any) -> tuple[Any, Any]:
    """A 2-layer bidirectional ReLU RNN with dropout between its layers."""
    torch.manual_seed(0)
    model = torch.nn.RNN(3, 4, num_layers=2, bidirectional=True, nonlinearity="relu", dropout=0.2)
    out, h = model(torch.randn(5, 2, 3))
    return model, out.mean() + h.pow(2).mean()


def many_losses(torch: Any) -> tuple[Any, Any]:
    """One float64 layer and five functional losses added up: a wide forward picture."""
    nn, F = torch.nn, torch.nn.functional
    torch.manual_seed(0)
    model = nn.Linear(3, 2).double()
    x = torch.randn(4, 3, dtype=torch.float64)
    o = model(x)
    target = torch.zeros(4, dtype=torch.float64)
    loss = F.gaussian_nll_loss(o[:, 0], target, o[:, 1].exp())
    loss = loss + F.kl_div(F.log_softmax(o, 1), F.softmax(o.detach() * 2, 1), reduction="batchmean")
    weight = torch.tensor([2.0, 1.0], dtype=torch.float64)
    ones = torch.ones(4, 2, dtype=torch.float64)
    loss = loss + F.binary_cross_entropy_with_logits(o, ones, pos_weight=weight)
    return model, loss + F.huber_loss(o, x[:, :2])


def scans_and_sorts(torch: Any) -> tuple[Any, Any]:
    """One layer's output used by seven ops (slices, topk, sort, cumprod, cummax), then
    a norm, a trace and a determinant: a wide graph with no modules to group by."""
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 4)
    y = model(torch.randn(3, 4))
    z = torch.cumprod(y.sigmoid(), 1) + torch.cummax(y, 1).values + y.sort(1).values
    z = z - y.topk(2, 1).values.sum(1, keepdim=True)
    square = y[:, :3]
    return model, torch.linalg.norm(z) + torch.trace(square @ square.T) + torch.det(
        square + torch.eye(3)
    )


def target_network(torch: Any) -> tuple[Any, Any]:
    """A DQN step: the online network's Q-value against a target computed under no_grad."""
    nn, F = torch.nn, torch.nn.functional
    torch.manual_seed(0)

    class Q(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.online, self.target = nn.Linear(4, 3), nn.Linear(4, 3)

        def forward(self, x: Any, x2: Any, a: Any, r: Any) -> Any:
            q = self.online(x).gather(1, a[:, None]).squeeze(1)
            with torch.no_grad():
                best = self.target(x2).max(1).values
            return F.smooth_l1_loss(q, r + 0.9 * best)

    model = Q()
    x, x2, r = torch.randn(6, 4), torch.randn(6, 4), torch.randn(6)
    return model, model(x, x2, torch.randint(0, 3, (6,)), r)


def checkpointed_blocks(torch: Any) -> tuple[Any, Any]:
    """Three residual blocks (Linear, BatchNorm, dropout), each under a non-reentrant
    checkpoint inside the model's forward."""
    nn, F = torch.nn, torch.nn.functional
    checkpoint = torch.utils.checkpoint.checkpoint
    torch.manual_seed(0)

    class Block(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.fc, self.bn, self.drop = nn.Linear(4, 4), nn.BatchNorm1d(4), nn.Dropout(0.3)

        def forward(self, x: Any) -> Any:
            return x + self.drop(F.relu(self.bn(self.fc(x))))

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.blocks = nn.ModuleList([Block() for _ in range(3)])
            self.head = nn.Linear(4, 1)

        def forward(self, x: Any) -> Any:
            for block in self.blocks:
                x = checkpoint(block, x, use_reentrant=False)
            return self.head(x)

    model = Net()
    return model, model(torch.randn(8, 4)).square().mean()


def two_output_function(torch: Any) -> tuple[Any, Any]:
    """A custom Function with two outputs, the second unused (its gradient is None:
    set_materialize_grads(False)), under once_differentiable."""
    nn = torch.nn
    once_differentiable = torch.autograd.function.once_differentiable
    torch.manual_seed(0)

    class Clip(torch.autograd.Function):
        @staticmethod
        def forward(ctx: Any, x: Any, low: float) -> Any:
            ctx.save_for_backward(x)
            ctx.low = low
            ctx.set_materialize_grads(False)
            return x.clamp(min=low), x.abs()

        @staticmethod
        @once_differentiable
        def backward(ctx: Any, g_clip: Any, g_abs: Any) -> Any:
            (x,) = ctx.saved_tensors
            grad = torch.zeros_like(x)
            if g_clip is not None:
                grad = grad + g_clip * (x > ctx.low)
            if g_abs is not None:
                grad = grad + g_abs * x.sign()
            return grad, None

    model = nn.Linear(3, 3)
    clipped, _ = Clip.apply(model(torch.randn(4, 3)), 0.1)
    return model, clipped.sum()


ZOO: dict[str, Callable[[Any], tuple[Any, Any]]] = {
    "cnn": cnn,
    "resnet": resnet,
    "depthwise": depthwise,
    "densenet": densenet,
    "inception": inception,
    "unet": unet,
    "lstm": lstm,
    "gru": gru,
    "seq2seq": seq2seq,
    "transformer": transformer,
    "self_attention": self_attention,
    "cross_attention": cross_attention,
    "vit": vit,
    "vae": vae,
    "gan_step": gan_step,
    "message_passing": message_passing,
    "weight_tying": weight_tying,
    "checkpoint": lambda torch: checkpointed(torch, False),
    "checkpoint_reentrant": lambda torch: checkpointed(torch, True),
    "custom_function": custom_function,
    "gradient_penalty": gradient_penalty,
    "hooks": hooks,
    "mixture_of_experts": mixture_of_experts,
    "inplace_relu": inplace_relu,
    "causal_attention": causal_attention,
    "packed_lstm": packed_lstm,
    "decoder": decoder,
    "weight_norm": weight_norm,
    "pre_norm_encoder": pre_norm_encoder,
    "bidirectional_rnn": bidirectional_rnn,
    "many_losses": many_losses,
    "scans_and_sorts": scans_and_sorts,
    "target_network": target_network,
    "checkpointed_blocks": checkpointed_blocks,
    "two_output_function": two_output_function,
}


def complex_weights(torch: Any) -> tuple[Any, Any]:
    """A layer with complex weights (torch differentiates complex tensors)."""
    nn = torch.nn
    torch.manual_seed(0)

    class ComplexLinear(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.weight = nn.Parameter(torch.randn(3, 2, dtype=torch.complex64))

        def forward(self, x: Any) -> Any:
            return x.to(torch.complex64) @ self.weight

    model = ComplexLinear()
    return model, (model(torch.randn(4, 3)).abs() ** 2).sum()


def inplace_in_record(torch: Any) -> tuple[Any, Any]:
    """In-place operations (relu_, +=) made inside viz.record()."""
    from minigrad import viz

    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Linear(3, 3)
    with viz.record():
        h = model(torch.randn(2, 3)) * 2
        h += 1  # (nothing saved h yet: backward works)
        h.relu_()
        loss = h.sum()
    return model, loss


def frozen_after_graph(torch: Any) -> tuple[Any, Any]:
    """A parameter frozen (requires_grad_(False)) after the graph was made."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    loss = model(torch.randn(5, 3)).pow(2).sum()
    model[0].weight.requires_grad_(False)
    return model, loss


def bfloat16_mlp(torch: Any) -> tuple[Any, Any]:
    """An MLP in bfloat16, a dtype numpy does not have."""
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1)).to(torch.bfloat16)
    return model, model(torch.randn(3, 4, dtype=torch.bfloat16)).mean()


TORCH_ONLY: dict[str, Callable[[Any], tuple[Any, Any]]] = {
    "complex_weights": complex_weights,
    "inplace_in_record": inplace_in_record,
    "frozen_after_graph": frozen_after_graph,
    "bfloat16_mlp": bfloat16_mlp,
}
