# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% tags=["language"]
# 中文版：让 explain()、图和小部件说中文（torch 自己的报错信息仍是英文）
import minigrad

minigrad.set_language("zh")

# %% [markdown]
# # PyTorch 的 autograd 是怎样工作的：十四个 notebook 组成的课程
#
# *[English](../00_index.ipynb)*
#
# 这套课程用 **minigrad** 重现四篇讲 PyTorch 自动求导的文本中的每一个例子（一本教材的 2.5 节、一篇讲 `torch.autograd.grad` 的文章、PyTorch 的 autograd 教程和一篇 d2l 风格的文章；每课标题下的“出处”写明它依据哪几篇）。minigrad 是一个用 numpy 写成的小型 autograd，打印的内容与 PyTorch 2.13 相同（少数已知的差别列在 README 中）。每一课都以 `import minigrad as torch` 开头，所以代码就是普通的 PyTorch 代码；minigrad 多做的一件事，是让每一张计算图都能被*画出来*、单步执行、逐步阅读。
#
# | # | 课程 | 教材 | 内容 |
# |---|---|---|---|
# | 1 | [张量与计算图](01_tensors_and_graphs.ipynb) | 2.5.1 节、2.5.2 节，图 2-9 | 叶子节点与非叶子节点，`requires_grad` 及其传播，`grad_fn`，`is_leaf`，每次前向传播都重新构建的动态图 |
# | 2 | [什么是导数](02_what_a_derivative_is.ipynb) | 背景知识 | 给输入一个扰动 $h$，前向差分（单侧差分）与中心差分，为什么用 float64，用 `torch.autograd.gradcheck` 检验 autograd |
# | 3 | [标量反向传播](03_scalar_backward.ipynb) | 2.5.3 节，图 2-9 和图 2-10 | `z = w*x + b` 的前向计算与梯度流动，`y = (x+1)*(x+2)` 的链式法则，为什么非叶子节点的梯度是 `None`，`retain_grad()` |
# | 4 | [拆开 minigrad：backward 如何运行](04_inside_backward.ipynb) | 图 2-10，拆开来看 | 一条求导规则（`MulBackward0`），节点记录了什么，引擎的拓扑顺序，朴素引擎在扇出处的错误，40 行写一个自己的标量引擎 |
# | 5 | [`backward()` 与 `autograd.grad()`](05_backward_vs_grad.ipynb) | 2.5.1 节第 4、6 点 | 保存的梯度与返回的梯度，`retain_graph` 与 “backward through the graph a second time” 错误，梯度累加，`zero_()` 与 `optimizer.zero_grad()` |
# | 6 | [非标量反向传播](06_non_scalar_outputs.ipynb) | 2.5.4 节 | 为什么 `backward()` 需要 `gradient` 参数，向量-雅可比积，`y.sum()` 与 `torch.ones_like`，带权重的 `view` 例子 |
# | 7 | [雅可比矩阵](07_jacobians.ipynb) | 2.5.4 节 | $y_1 = x_1^2 + 3x_2$，$y_2 = x_2^2 + 2x_1$，`[6, 9]` 陷阱，用 `retain_graph` 逐行求雅可比矩阵，`autograd.functional.jacobian` |
# | 8 | [前向模式与反向模式](08_forward_mode.ipynb) | 2.5.4 节之外 | 对偶数，`jvp` 与 `vjp`，$J$ 的列与行，为什么训练用反向模式 |
# | 9 | [高阶导数](09_higher_order.ipynb) | 2.5 节之外 | `z = x*x*y`，`create_graph`，梯度的梯度，“得到 18 而不是 6”的陷阱及其解决，黑塞矩阵，`retain_graph` 与 `create_graph` |
# | 10 | [阻止梯度](10_stopping_gradients.ipynb) | 2.5.1 节第 2、8 点 | `no_grad`，`detach()`，冻结与微调，`requires_grad_(False)`，`inference_mode`，`model.eval()` 不做的事，尖点（不可导的拐角）与 `torch.where` 的 NaN 陷阱，`detect_anomaly` |
# | 11 | [原位修改、`.data` 与版本计数器](11_inplace_and_versions.ipynb) | 2.5.1 节第 8 点 | `.data` 与被记录的原位操作，叶子节点上的原位操作，版本计数器，为什么 `detach()` 比 `.data` 安全，文章里的 `x.grad.data.zero_()` |
# | 12 | [钩子与自定义 `autograd.Function`](12_hooks_and_functions.ipynb) | 2.5 节之外 | `register_hook`，作为钩子的 `retain_grad`，用 `ctx.save_for_backward` 自定义 `Function`，用 `gradcheck` 抓出写错的 backward，梯度裁剪 |
# | 13 | [综合运用](13_training_a_model.ipynb) | 2.5 节的实际应用 | 用 `nn` 和 `optim` 训练一个小模型，损失下降，一步训练的计算图 |
# | 14 | [你自己的 PyTorch 模型](14_your_own_pytorch_model.ipynb) | 2.5 节之后 | 把真正的 `torch` 模型画出来、逐步反向传播、解释梯度；minigrad 与 torch 的图并排对照 |
#
# “教材”一栏给出每一课重现的教材小节（和图），方便读过教材的同学找到对应的位置。每一课几秒钟就能运行完，最后有能自动检查答案的练习（答错时先给一条指出思路的提示，之后每错一次，提示就更具体一些；详细的参考答案在 `notebooks/zh/solutions/` 中，每课一个 notebook），并把代码和真正的 PyTorch 对比；`make lab` 会安装 PyTorch（2.13.0 的 CPU 版）。故意展示错误的单元格带有 `raises-exception` 标签；含有这类单元格的课程以 `%xmode Minimal` 开头，这样报错只显示它的类型和信息，就像 PyTorch 的报错那样。第 5、10、11 课还用 `%load_ext minigrad` 加载了 minigrad 的错误解释器：出现 autograd 错误时，它在报错下面说明发生了什么、出在计算图的哪里、怎么改，对 minigrad 和真正的 torch 张量都适用。在你自己的 notebook 里运行 `%load_ext minigrad` 就能打开它，`%unload_ext minigrad` 关闭它（在普通的 Python 脚本里用 `minigrad.error_help.install()`）。
#
# **中文版说明。** 中文版的代码单元格除注释（已译成中文）外，与英文版完全相同（有测试检查）；只多了第一个单元格，它调用 `minigrad.set_language("zh")`，让 `explain()`、图中的图例和说明、小部件的标签都说中文。torch 自己的报错、警告和输出保持英文，和教材里一样。
#
# **术语表**（与教材一致）
#
# | 中文 | English | 在代码中 |
# |---|---|---|
# | 张量 | tensor | `torch.tensor(...)` |
# | 计算图 | computation graph | 由 `grad_fn` 连成 |
# | 叶子节点 / 非叶子节点 | leaf / non-leaf | `is_leaf` |
# | 根节点 | root | 调用 `backward()` 的输出 |
# | 算子（运算） | operator (operation) | `mul`、`add` …… |
# | 梯度函数 | backward function | `grad_fn`，如 `MulBackward0` |
# | 前向传播 / 反向传播 | forward pass / backward pass | `backward()` |
# | 链式法则 | chain rule | |
# | 梯度累加 | gradient accumulation | `.grad` 相加，`zero_()` 清零 |
# | 梯度清零 | zeroing gradients | `x.grad.zero_()`，`optimizer.zero_grad()` |
# | 计算图的释放 | freeing the graph | `retain_graph=True` 保留 |
# | 标量 / 非标量 | scalar / non-scalar | |
# | 雅可比矩阵 | Jacobian matrix | `autograd.functional.jacobian` |
# | 向量-雅可比积（PyTorch 官方中文教程称“雅可比乘积”） | vector-Jacobian product (vᵀJ) | `y.backward(v)` |
# | 雅可比-向量积 | Jacobian-vector product (Jv) | `jvp`，前向模式 |
# | 高阶导数 | higher-order derivative | `create_graph=True` |
# | 截断 | cut (detach) | `detach()`、`.data`、`no_grad()` |
# | 原位操作 | in-place operation | `add_()`、`+=` |
# | 版本计数器 | version counter | `_version` |
# | 钩子 | hook | `register_hook` |
# | 有限差分 / 前向差分（单侧差分）/ 中心差分 | finite / forward (one-sided) / central difference | `gradcheck` |
# | 有向无环图 | directed acyclic graph (DAG) | 计算图就是一张有向无环图 |
# | 拓扑顺序 | topological order | 引擎运行节点的顺序 |
# | 梯度流动图 | gradient-flow graph | `viz.draw_backward(...)` |
# | 保存的张量 | saved tensors | `ctx.save_for_backward`，`_saved_self` |
# | 梯度检验 | gradient check | `torch.autograd.gradcheck` |
# | 前向模式 / 反向模式 | forward mode / reverse mode | `jvp` / `backward()`、`vjp` |
# | 对偶数 | dual number | `forward_ad.make_dual` |
# | 黑塞矩阵 | Hessian matrix | `torch.func.hessian`，`create_graph=True` |
# | 梯度裁剪 | gradient clipping | `clip_grad_norm_`、`clip_grad_value_` |
# | 冻结 / 微调 | freeze / fine-tune | `requires_grad_(False)`，只把可训练参数交给优化器 |
# | 独热 | one-hot | 只有一个 1 的向量 |
# | 扇出 | fan-out | 一个张量被多处使用，它的梯度要相加 |
# | 引擎 / 就绪 | engine / ready | 反向传播的调度者；一个节点收齐了所有流入的梯度，就“就绪”了 |
# | 推理 | inference | `torch.inference_mode()` |
# | 截断误差 / 舍入误差 | truncation error / rounding error | 有限差分的两种误差 |
# | 广播 | broadcasting | 形状 `[3]` 与 `[4, 3]` 相加 |
# | 异常检测 | anomaly detection | `torch.autograd.detect_anomaly()` |
# | 不可导点（尖点） | non-differentiable point (kink) | `relu`、`abs` 在 0 处 |
# | 单步演示器 | the backward stepper | `widgets.BackwardStepper` |
# | 雅可比矩阵探索器 | the Jacobian explorer | `widgets.JacobianExplorer` |
# | 小部件 | widget | 课程中可交互的控件（滑块、按钮） |
#
# **怎样看图。** 蓝色椭圆是需要梯度的叶子节点，白色椭圆是常量张量（普通的 Python 数字，比如 `x + 1` 中的 1，画成没有边框的灰色标签），橙色椭圆是计算得到的张量（双线边框标出输出）。灰色方框是算子（运算）；在梯度流动图里，灰色方框是 `backward()` 运行的 `grad_fn` 节点；绿色方框是 `AccumulateGrad`，它把梯度累加到叶子节点的 `.grad` 中。红色虚线表示截断（`detach`、`.data`、`no_grad`）。每张图都带有自己的图例：

# %%
import minigrad as torch
from minigrad import viz

x = torch.tensor(2.0, requires_grad=True)
y = (x + 1) * (x + 2)
viz.draw_forward(y)
