# nn.ModuleDict, nn.ParameterList, nn.ParameterDict: reprs, dict/list behaviour, and
# parameters that a parent module and backward see.
nn = torch.nn
torch.manual_seed(0)
d = nn.ModuleDict({"lin": nn.Linear(2, 3), "act": nn.ReLU()})
print(d)
print(len(d), list(d), list(d.keys()), "lin" in d, d["act"])
d["out"] = nn.Linear(3, 1)
d.update({"x": nn.Tanh()})
print(d.pop("x"), list(d.items())[0][0], [k for k, _ in d.named_parameters()])
print(nn.ModuleDict())
p = nn.ParameterList([nn.Parameter(torch.ones(2, 3)), nn.Parameter(torch.zeros(3))])
print(p)
print(len(p), p[0].shape, [n for n, _ in p.named_parameters()])
p.append(nn.Parameter(torch.ones(1)))
print(len(list(p.parameters())))
q = nn.ParameterDict(
    {"a": nn.Parameter(torch.ones(2)), "b": nn.Parameter(torch.ones(2, 2, dtype=torch.float64))}
)
print(q)
print(q["a"], list(q.keys()))
p2 = nn.ParameterList([torch.ones(2)])
print(type(p2[0]).__name__, p2[0].requires_grad)
for key in (0, "zz"):
    try:
        d[key]
    except KeyError as e:
        print("KeyError", e)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleDict({"a": nn.Linear(4, 4), "b": nn.Linear(4, 2)})
        self.scales = nn.ParameterList([nn.Parameter(torch.ones(4)) for _ in range(2)])

    def forward(self, x):
        for s in self.scales:
            x = x * s
        return self.layers["b"](torch.relu(self.layers["a"](x)))


net = Net()
print(net)
out = net(torch.randn(3, 4))
out.sum().backward()
print([n for n, _ in net.named_parameters()], net.scales[0].grad)
print(net.state_dict().keys())
