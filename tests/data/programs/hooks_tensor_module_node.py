# Hooks as tutorials and blog posts use them: tensor hooks, post-accumulate-grad
# hooks, module forward / forward-pre / full backward / backward-pre hooks, node hooks.
nn = torch.nn
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x.register_hook(lambda g: g * 2)
y = (x * x).sum()
y.backward()
print(x.grad)
h.remove()
x.grad = None
(x * x).sum().backward()
print(x.grad)


def printer(g):
    print("hook saw", g)


z = x * 3
z.register_hook(printer)
z.sum().backward()
a = torch.tensor(2.0, requires_grad=True)
a.register_post_accumulate_grad_hook(lambda p: print("post acc", p.grad))
(a * a).backward()
try:
    (x * 2).register_post_accumulate_grad_hook(lambda p: None)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.ones(2).register_hook(lambda g: g)
except RuntimeError as e:
    print("RuntimeError:", e)
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
acts = {}


def fwd_hook(module, inp, out):
    acts[type(module).__name__] = out.shape
    print("forward hook", type(module).__name__, type(inp), len(inp), out.shape)


def pre_hook(module, inp):
    print("pre hook", type(module).__name__, inp[0].shape)


def bwd_hook(module, grad_input, grad_output):
    print(
        "backward hook",
        type(module).__name__,
        [None if g is None else g.shape for g in grad_input],
        [g.shape for g in grad_output],
    )


handles = [
    model[0].register_forward_hook(fwd_hook),
    model[0].register_forward_pre_hook(pre_hook),
    model[2].register_full_backward_hook(bwd_hook),
    model[1].register_full_backward_hook(bwd_hook),
]
inp = torch.randn(5, 3)
out = model(inp)
out.sum().backward()
print(acts)
for hd in handles:
    hd.remove()
out = model(inp)
out.sum().backward()
print("no more hooks")


def pre_modify(module, args):
    return (args[0] * 0,)


hd = model.register_forward_pre_hook(pre_modify)
print(model(inp))
hd.remove()


def fwd_modify(module, args, output):
    return output + 100


hd = model[2].register_forward_hook(fwd_modify)
print(model(inp)[0])
hd.remove()


def bpre(module, grad_output):
    print("bwd pre", grad_output[0].shape)
    return (grad_output[0] * 0,)


hd = model[2].register_full_backward_pre_hook(bpre)
model.zero_grad()
model(inp).sum().backward()
print(model[0].weight.grad)
hd.remove()


def fh_kw(module, args, kwargs, output):
    print("kw hook", kwargs)


hd = model[0].register_forward_hook(fh_kw, with_kwargs=True)
model(inp)
hd.remove()
print(model[0]._forward_hooks, model._forward_pre_hooks)
for name, p in model.named_parameters():
    p.register_hook(lambda g, name=name: print("grad of", name, g.shape))
model(inp).sum().backward()
w = torch.tensor([1.0, 2.0], requires_grad=True)


def hook_none(g):
    return None


w.register_hook(hook_none)
(w * 2).sum().backward()
print(w.grad)
w2 = torch.tensor([1.0, 2.0], requires_grad=True)
w2.register_hook(lambda g: torch.ones(3))
try:
    (w2 * 2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
x = torch.tensor(1.0, requires_grad=True)
y = x * 2
y.grad_fn.register_hook(lambda gi, go: print("node hook", gi, go))
y.grad_fn.register_prehook(lambda go: print("node prehook", go))
y.backward()
print(y.grad_fn.next_functions, y.grad_fn.next_functions[0][0].variable is x)
