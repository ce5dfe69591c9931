# torch.einsum: products, sums, diagonals, batches, ellipsis, implicit output, three
# operands; values, grad_fn names, gradients and errors.
torch.manual_seed(0)
a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(3, 4, requires_grad=True)
v = torch.randn(3, requires_grad=True)
M = torch.randn(3, 3, requires_grad=True)
B = torch.randn(5, 2, 3, requires_grad=True)
C = torch.randn(5, 3, 4, requires_grad=True)
cases = [
    ("ij,jk->ik", (a, b)),
    ("ij->ji", (a,)),
    ("ii->i", (M,)),
    ("i,i->", (v, v)),
    ("i,j->ij", (v, v)),
    ("bij,bjk->bik", (B, C)),
    ("ij->", (a,)),
    ("ij->j", (a,)),
    ("ij,ij->ij", (a, a)),
    ("ij,j->i", (a, v)),
    ("ii", (M,)),
    ("ij,ij->", (a, a)),
    ("ij,jk", (a, b)),
    ("...ij,...jk->...ik", (B, C)),
    ("bij->bji", (B,)),
    ("ij,kj->ik", (a, a)),
    ("i,ij,jk->ik", (v[:2], a, b)),
    ("bi,bj->bij", (B[:, 0], B[:, 1])),
]
for eq, ops in cases:
    r = torch.einsum(eq, *ops)
    print(eq, r.shape, r.grad_fn)
    print(r)
    grads = torch.autograd.grad(r.sum(), ops)
    print([g.shape for g in grads], grads[0])
print(torch.einsum("ij,jk->ik", [a, b]).shape, torch.einsum("i j , j k -> i k", a, b).shape)
for eq, ops in [("ij,jk->ik", (a,)), ("ij->ik", (a,)), ("ijk->", (a,))]:
    try:
        torch.einsum(eq, *ops)
    except RuntimeError as e:
        print("RuntimeError:", e)
print(torch.einsum("i,i->", torch.tensor([1, 2]), torch.tensor([3, 4])))
