# Printing tensors of every kind, and torch.set_printoptions with its profiles.
torch.manual_seed(0)
print(torch.arange(2000))
print(torch.arange(2000.0))
print(torch.randn(200, 200))
print(torch.tensor([1e-8, 1.0, 1e8]))
print(torch.tensor([1e-3, 1.0]))
print(torch.tensor([0.1, 123456.0]))
print(torch.tensor([1.0, 2.0, float("nan"), float("inf"), -float("inf")]))
print(torch.tensor([[True, False], [False, True]]))
print(torch.tensor([123456789012, 1]))
print(torch.tensor([1.0, 2.0], dtype=torch.float64))
print(
    torch.tensor([1, 2], dtype=torch.int8),
    torch.tensor([1, 2], dtype=torch.uint8),
    torch.tensor([1, 2], dtype=torch.int16),
)
print(torch.tensor([1.5], dtype=torch.float16))
print(torch.tensor(1e-10), torch.tensor(-0.0), torch.tensor(100000.0), torch.tensor(1e20))
print(torch.randn(2, 3, 4))
print(torch.zeros(2, 0, 3))
torch.set_printoptions(precision=2)
print(torch.randn(3, 3))
torch.set_printoptions(precision=4, sci_mode=True)
print(torch.tensor([1.0, 2.0]))
torch.set_printoptions(sci_mode=False)
print(torch.tensor([1e-8, 1e8]))
torch.set_printoptions(threshold=5, edgeitems=1)
print(torch.arange(10))
print(torch.arange(20).reshape(4, 5))
torch.set_printoptions(linewidth=20, threshold=1000, edgeitems=3)
print(torch.arange(30.0))
torch.set_printoptions(profile="default")
print(torch.arange(10.0) / 3)
torch.set_printoptions(profile="short")
print(torch.arange(10.0) / 3)
torch.set_printoptions(profile="full")
print(torch.arange(1200).shape)
torch.set_printoptions(profile="default")
x = torch.randn(3, requires_grad=True)
print(x * 2, x.sum(), (x * 2).mean(), x[0], x.view(3, 1))
print(torch.tensor([1.0, 2.0]).cumsum(0), torch.tensor(5))
print(
    str(torch.tensor([1, 2])),
    repr(torch.tensor(2.5)),
    f"{torch.tensor(2.5):.3f}",
    format(torch.tensor(3), "d") if False else "",
)
print(torch.tensor([0.12345678]), torch.tensor([12345678.0]), torch.tensor([1.0, 10.0, 100.0]))
print(torch.tensor([[1.0, -2.5], [3.25, 4.0]]).T)
