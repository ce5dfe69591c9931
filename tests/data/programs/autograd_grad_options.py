# torch.autograd.grad and backward with their options (allow_unused, materialize_grads,
# grad_outputs, is_grads_batched, inputs=, retain_grad) and their errors.
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
z = torch.tensor([5.0], requires_grad=True)
out = (x * y).sum()
print(torch.autograd.grad(out, [x, y], retain_graph=True))
try:
    torch.autograd.grad(out, [x, z], retain_graph=True)
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.autograd.grad(out, [x, z], allow_unused=True, retain_graph=True))
print(torch.autograd.grad(out, [x, z], materialize_grads=True, retain_graph=True))
v = x * y
print(torch.autograd.grad(v, x, grad_outputs=torch.tensor([1.0, 0.5]), retain_graph=True))
try:
    torch.autograd.grad(v, x, retain_graph=True)
except RuntimeError as e:
    print("RuntimeError:", e)
print(
    torch.autograd.grad(v, x, grad_outputs=torch.eye(2), is_grads_batched=True, retain_graph=True)
)
print(torch.autograd.grad([v.sum(), (x**2).sum()], [x]))
(g,) = torch.autograd.grad((x**3).sum(), x, create_graph=True)
print(g, g.requires_grad)
(g2,) = torch.autograd.grad(g.sum(), x)
print(g2)
try:
    torch.autograd.grad(out, x)
except RuntimeError as e:
    print("RuntimeError:", e)
w = torch.tensor(2.0)
try:
    torch.autograd.grad(w * 3, w)
except RuntimeError as e:
    print("RuntimeError:", e)
a = torch.tensor(2.0, requires_grad=True)
b = a * 3
b.backward(retain_graph=True)
b.backward()
print(a.grad)
try:
    b.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:120])
c = torch.ones(3, requires_grad=True) * 2
try:
    c.backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.autograd.backward(c.sum(), inputs=None))
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
(x * y).sum().backward(inputs=[x])
print(x.grad, y.grad)
torch.autograd.backward(
    [(x * y).sum(), x.sum()], grad_tensors=[torch.tensor(2.0), torch.tensor(1.0)]
)
print(x.grad, y.grad)
h = x * 2
h.retain_grad()
print(h.retains_grad, h.is_leaf, x.is_leaf)
(h**2).sum().backward()
print(h.grad)
try:
    print(h.grad, (h * 2).grad)
except Exception as e:
    print(e)
