# Shape helpers from the tensor tutorials: type_as, ravel, tile, movedim, unflatten,
# hstack / vstack / column_stack, broadcast_to, repeat_interleave, swapdims, meshgrid.
torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)
outs = [
    x.type_as(torch.ones(1, dtype=torch.float64)),
    x.ravel(),
    x.t().ravel(),
    x.tile(2),
    x.tile((2, 1, 1)),
    x.movedim(0, 1),
    x.moveaxis(-1, 0),
    x.unflatten(1, (3, 1)),
    torch.hstack([x, x]),
    torch.vstack([x[0], x[0]]),
    x.broadcast_to((4, 2, 3)),
    torch.broadcast_to(x, (2, 2, 3)),
    x.repeat_interleave(2),
    x.repeat_interleave(2, dim=0),
    x.repeat_interleave(torch.tensor([1, 2]), dim=0),
    x.swapaxes(0, 1),
    x.swapdims(0, 1),
    torch.column_stack([x[0], x[0]]),
    torch.movedim(x.unsqueeze(0), (0, 1), (2, 0)),
    torch.tile(x, (2,)),
    torch.ravel(x),
    torch.unflatten(x, -1, (1, -1)),
]
for o in outs:
    print(o.shape, o.grad_fn)
    print(o)
    (g,) = torch.autograd.grad(o.sum() if o.dtype == x.dtype else o.float().sum(), x)
    print(g)
print(torch.meshgrid(torch.arange(2), torch.arange(3), indexing="ij"))
print(torch.meshgrid(torch.arange(2), torch.arange(3), indexing="xy"))
print(torch.meshgrid(torch.arange(2), torch.arange(3)))
a, b = torch.meshgrid(x[0], x[1, :2], indexing="xy")
print(a, b)
print(
    torch.repeat_interleave(torch.tensor([1, 2, 0])),
    torch.tensor([[1, 2], [3, 4]]).repeat_interleave(torch.tensor(2)),
    torch.tensor(5).repeat_interleave(3),
)
print(
    torch.hstack([torch.tensor(1), torch.tensor([2, 3])]),
    torch.vstack([torch.ones(2, 2), torch.zeros(1, 2)]),
)
try:
    x.movedim((0, 1), (0,))
except RuntimeError as e:
    print("RuntimeError:", e)
