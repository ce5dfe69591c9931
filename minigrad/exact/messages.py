"""torch's long messages, word for word, in one place.

minigrad's errors and warnings read exactly like PyTorch 2.13's, so that a
learner can search for them and find torch's answers. The long ones live here
so that the code that raises them stays short: the code says *when* torch
complains, this module says *what* torch says. A fixed text is a constant; a
text with blanks to fill is a function that returns it. Sections follow the
modules that raise them. (A few texts are minigrad's own, in torch's style:
``NOT_COMPARED`` in the test names them.)

``tests/core/test_messages.py`` checks that no other module holds a long
message, and that each text here is the one torch 2.13 prints.
"""

from __future__ import annotations


# --- minigrad.nn._reduction ----------------------------------------------------
def legacy_reduction(reduction: str) -> str:
    return (
        "size_average and reduce args will be deprecated, please use "
        f"reduction='{reduction}' instead."
    )


# --- minigrad._creation --------------------------------------------------------
ARANGE_SIGNATURES = (
    " * (Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout "
    "= None, torch.device device = None, bool pin_memory = False, bool requires_grad = "
    "False)\n * (Number start, Number end, *, torch.dtype dtype = None, torch.layout "
    "layout = None, torch.device device = None, bool pin_memory = False, bool "
    "requires_grad = False)\n"
    " * (Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype "
    "dtype = None, torch.layout layout = None, torch.device device = None, bool "
    "pin_memory = False, bool requires_grad = False)\n"
)


def arange_invalid_arguments(got: object, signatures: object) -> str:
    return (
        f"arange() received an invalid combination of arguments - got ({got}), but "
        f"expected one of:\n{signatures}"
    )


_LINSPACE_OPTIONS = (
    "int steps, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
    "torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"
)


def linspace_invalid_arguments(got: object) -> str:
    return (
        f"linspace() received an invalid combination of arguments - got ({got}), but "
        "expected one of:\n"
        + "".join(
            f" * ({a} start, {b} end, " + _LINSPACE_OPTIONS
            for a, b in (("Tensor", "Tensor"), ("Number", "Tensor"), ("Tensor", "Number"))
            + (("Number", "Number"),)
        )
    )


def gather_index_too_large(k: object, index: object, shape: object, dim: object) -> str:
    return (
        f"Size does not match at dimension {k} expected index {index} to be no larger than "
        f"self {shape} apart from dimension {dim}"
    )


def reduce_invalid_arguments(name: object, got: object) -> str:
    return (
        f"{name}() received an invalid combination of arguments - got ({got}), but expected "
        "one of:\n * (*, torch.dtype dtype = None)\n * (tuple of ints dim, bool keepdim = "
        "False, *, torch.dtype dtype = None)\n"
    )


def not_a_bool(function: object, argument: object, value: object) -> str:
    kind = type(value)
    package = kind.__module__.split(".")[0]  # numpy's types are named with their package
    name = f"{package}.{kind.__name__}" if package == "numpy" else kind.__name__
    return f"{function}(): argument '{argument}' (position 1) must be bool, not {name}"


COPY_CONSTRUCT_FROM_TENSOR = (
    "To copy construct from a tensor, it is recommended to use "
    "sourceTensor.detach().clone() or "
    "sourceTensor.detach().clone().requires_grad_(True), rather than "
    "torch.tensor(sourceTensor)."
)


def size_failed_to_unpack(name: object, pos: object, kind: object) -> str:
    return (
        f"{name}(): argument 'size' failed to unpack the object at pos {pos} with error "
        f'"type must be tuple of ints,but got {kind}"'
    )


def size_must_be_tuple_of_ints(name: object, where: object, kind: object) -> str:
    return (
        f"{name}(): argument 'size'{where} must be tuple of ints, but found element of type "
        f"{kind} at pos 0"
    )


def eye_invalid_arguments(n_type: object, m_type: object) -> str:
    return (
        f"eye() received an invalid combination of arguments - got ({n_type}, {m_type}), but "
        "expected one of:\n * (int n, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)\n"
        " * (int n, int m, *, Tensor out = None, torch.dtype dtype = None, torch.layout "
        "layout = None, torch.device device = None, bool pin_memory = False, bool "
        "requires_grad = False)\n"
    )


MULTINOMIAL_INF_OR_NAN = (
    "invalid multinomial distribution (encountering probability entry = infinity or NaN)"
)


# --- minigrad.exact.dtype -----------------------------------------------------------
def cant_convert_numpy_dtype(name: object) -> str:
    return (
        f"can't convert np.ndarray of type numpy.{name}. The only supported "
        "types are: float64, float32, float16, int64, int32, int16, int8, uint8, and bool."
    )


# --- minigrad._legacy ----------------------------------------------------------
def expected_tensor_options(d_cpp_name: object) -> str:
    return (
        f"TensorOptions(dtype={d_cpp_name}, device=cpu, layout=Strided, requires_grad=false "
        "(default), pinned_memory=false (default), memory_format=(nullopt))"
    )


def new_invalid_arguments(got: object, unknown: object) -> str:
    return (
        f"new() received an invalid combination of arguments - got ({got}), but expected "
        "one of:\n * (*, torch.device device = None)\n"
        f"      didn't match because some of the keywords were incorrect: {unknown}\n"
        " * (torch.Storage storage)\n"
        " * (Tensor other)\n * (tuple of ints size, *, torch.device device = None)\n"
        " * (object data, *, torch.device device = None)\n"
    )


CUDA_INIT_WITHOUT_ATEN_CUDA = (
    "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into "
    "two shared libraries: a CPU library and a CUDA library; this error has occurred "
    "because you are trying to use some CUDA functionality, but the CUDA library has not "
    "been loaded by the dynamic linker for some reason.  The CUDA library MUST be "
    "loaded, EVEN IF you don't directly use any symbols from the CUDA library! One "
    "common culprit is a lack of -Wl,--no-as-needed in your link arguments; many dynamic "
    "linkers will delete dynamic library dependencies if you don't depend on any of "
    "their symbols.  You can check if this has occurred by using ldd on your binary to "
    "see if there is a dependency on *_cuda.so library."
)


# --- minigrad.exact.random ----------------------------------------------------------
CUDA_GENERATOR_WITHOUT_ATEN_CUDA = (
    "Cannot get CUDA generator without ATen_cuda library. PyTorch splits its backend "
    "into two shared libraries: a CPU library and a CUDA library; this error has "
    "occurred because you are trying to use some CUDA functionality, but the CUDA "
    "library has not been loaded by the dynamic linker for some reason.  The CUDA "
    "library MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA "
    "library! One common culprit is a lack of -Wl,--no-as-needed in your link arguments; "
    "many dynamic linkers will delete dynamic library dependencies if you don't depend "
    "on any of their symbols.  You can check if this has occurred by using ldd on your "
    "binary to see if there is a dependency on *_cuda.so library."
)


def bad_generator_state(expected: object, size: object) -> str:
    return (
        f"Expected a CPUGeneratorImplState of size {expected} but found the input RNG state "
        f"size to be {size}"
    )


BERNOULLI_P_RANGE = (
    "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message "
    "be improved?  If so, please report an enhancement request to PyTorch.)"
)


# --- minigrad.core.tensor ----------------------------------------------------------
NON_LEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its "
    ".grad attribute won't be populated during autograd.backward(). If you indeed want "
    "the .grad field to be populated for a non-leaf Tensor, use .retain_grad() on the "
    "non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you access "
    "the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more "
    "information. (Triggered internally at "
    "/__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)"
)


SCALAR_OF_REQUIRES_GRAD = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
    "behavior.\nConsider using tensor.detach() first. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/generated/python_variable_methods.cpp:822.)"
)


PARTIAL_OVERLAP = (
    "unsupported operation: some elements of the input tensor and the written-to tensor "
    "refer to a single memory location. Please clone() the tensor before performing the "
    "operation."
)
OVERLAP = (
    "unsupported operation: more than one element of the written-to tensor refers to a "
    "single memory location. Please clone() the tensor before performing the operation."
)


VIEW_INPLACE_AMBIGUOUS = (
    " Given that this use case is ambiguous and error-prone, it is forbidden. You can "
    "clarify your code by moving both the view and the inplace either both inside the "
    "no_grad block (if you don't want the inplace to be tracked) or both outside (if you "
    "want the inplace to be tracked)."
)


VIEW_INPLACE_MULTIPLE_VIEWS = (
    " This view is the output of a function that returns multiple views. Such functions "
    "do not allow the output views to be modified inplace. You should replace the "
    "inplace operation by an out-of-place one."
)


REQUIRES_GRAD_OF_NON_LEAF = (
    "you can only change requires_grad flags of leaf variables. If you want to use a "
    "computed variable in a subgraph that doesn't require differentiation use "
    "var_no_grad = var.detach()."
)


REQUIRES_GRAD_ON_INFERENCE_TENSOR = (
    "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed."
)


DETACH_VIEW_IN_PLACE = (
    "Can't detach views in-place. Use detach() instead. If you are using "
    "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as "
    "True, gradients are views of DDP buckets, and hence detach_() cannot be called on "
    "these gradients. To fix this error, please refer to the Optimizer.zero_grad() "
    "function in torch/optim/optimizer.py as the solution."
)


NUMPY_OF_REQUIRES_GRAD = (
    "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
)


DEEPCOPY_OF_NON_LEAF = (
    "Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
    "protocol at the moment.  If you were attempting to deepcopy a module, this may be "
    "because of a torch.nn.utils.weight_norm usage, see "
    "https://github.com/pytorch/pytorch/pull/103001"
)


INPLACE_ON_INFERENCE_TENSOR = (
    "Inplace update to inference tensor outside InferenceMode is not allowed.You can "
    "make a clone to get a normal tensor before doing inplace update.See "
    "https://github.com/pytorch/rfcs/pull/17 for more details."
)


def grad_dtype_mismatch(grad_cpp_name: object, scalar_name: object) -> str:
    return (
        f"attempting to assign a gradient with dtype '{grad_cpp_name}' to a tensor "
        f"with grad_dtype '{scalar_name}'. The gradient must match the tensor's "
        "grad_dtype (defaults to the tensor's dtype). You can set the tensor's grad_dtype "
        "attribute with a specific dtype, or None to allow any dtype. Set grad_dtype with "
        "caution. Diverging the dtypes of a tensor and its gradient may break downstream "
        "systems that assume they match."
    )


def grad_size_mismatch(value_shape: object, self_shape: object) -> str:
    return (
        f"attempting to assign a gradient of size '{value_shape}' to a tensor of size '"
        f"{self_shape}'. Please ensure that the gradient and the tensor are the same size"
    )


VIEW_OF_LEAF_INPLACE = (
    "a view of a leaf Variable that requires grad is being used in an in-place operation."
)


# --- minigrad.autograd.__init__ ------------------------------------------------
INDEX_OF_0_DIM_TENSOR = (
    "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
    "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"
)


def batched_grad_shape_mismatch(i: object, grad_size: object, out_shape: object) -> str:
    return (
        "If `is_grads_batched=True`, we interpret the first dimension of each grad_output as "
        "the batch dimension. The sizes of the remaining dimensions are expected to match "
        f"the shape of corresponding output, but a mismatch was detected: grad_output[{i}] "
        f"has a shape of {grad_size} and output[{i}] has a shape of {out_shape}. If "
        "you only want some tensors in `grad_output` to be considered batched, consider "
        "using vmap."
    )


def grad_output_shape_mismatch(i: object, g_shape: object, out_shape: object) -> str:
    return (
        f"Mismatch in shape: grad_output[{i}] has a shape of {g_shape} and output[{i}] has a "
        f"shape of {out_shape}."
    )


def unused_input(i: object) -> str:
    return (
        f"The differentiated Tensor at index {i} appears to not have been used in the graph. "
        "Set allow_unused=True if this is the desired behavior."
    )


# --- minigrad.autograd.custom_function -----------------------------------------
def function_instantiated(type_self: object) -> str:
    return (
        f"{type_self} should not be instantiated. Methods on autograd functions are all "
        "static, so you should invoke them on the class itself. Instantiating an autograd "
        "function will raise an error in a future version of PyTorch."
    )


def forward_pre_hook_with_kwargs_result(result: object) -> str:
    return (
        f"forward pre-hook must return None or a tuple of (new_args, new_kwargs), but got {result}."
    )


def backward_hook_output_type(kind: object) -> str:
    return (
        "For backward hooks to be called, module output should be a Tensor or a tuple of "
        f"Tensors but received {kind}"
    )


def backward_hook_grad_count(what: str, got: object, expected: object) -> str:
    hook = "Backward pre hook" if what == "grad_output" else "Backward hook"
    return f"{hook} returned an invalid number of {what}, got {got}, but expected {expected}"


FULL_BACKWARD_HOOK_NO_INPUT_GRAD = (
    "Full backward hook is firing when gradients are computed with respect to module "
    "outputs since no inputs require gradients. See "
    "https://docs.pytorch.org/docs/main/generated/torch.nn.Module.html"
    "#torch.nn.Module.register_full_backward_hook for more details."
)
BACKWARD_HOOK_NO_INPUT_GRAD_RESULT = (
    "Backward hook for Modules where no input requires gradient should always return None "
    "or None for all gradients."
)
BACKWARD_HOOK_NO_INPUT_TENSORS = (
    "Cannot set Module backward hook for a Module with no input Tensors."
)


INDEX_DIMS_SELF = "Index tensor must have the same number of dimensions as self tensor"
INDEX_DIMS_SRC = "Index tensor must have the same number of dimensions as src tensor"


def scatter_index_size(index: object, self_: object, dim: object, src: object) -> str:
    return (
        f"Expected index {index} to be no larger than self {self_} apart from dimension {dim} "
        f"and to be no larger size than src {src}"
    )


def scatter_index_size_no_src(index: object, self_: object, dim: object) -> str:
    return f"Expected index {index} to be no larger than self {self_} apart from dimension {dim}"


def index_add_shapes(self_: object, source: object) -> str:
    return (
        "source tensor shape must match self tensor shape, excluding the specified dimension. "
        f"Got self.shape = {self_} source.shape = {source}"
    )


def index_add_count(n: object, size: object, dim: object) -> str:
    return (
        f"index_add_(): Number of indices ({n}) should be equal to source.size(dim): ({size}), "
        f"for dim: {dim}"
    )


MESHGRID_INDEXING = (
    "torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
    "argument. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4215.)"
)


def movedim_dims(src: object, dst: object) -> str:
    return (
        f"movedim: Invalid source or destination dims: source ({src} dims) should contain "
        f"the same number of dims as destination ({dst} dims)"
    )


def out_not_differentiable(name: object) -> str:
    return (
        f"{name}(): functions with out=... arguments don't support automatic differentiation, "
        "but one of the arguments requires grad."
    )


def out_resized(had: object, required: object) -> str:
    return (
        f"An output with one or more elements was resized since it had shape {had}, which "
        f"does not match the required output shape {required}. This behavior is deprecated, "
        "and in a future PyTorch release outputs will not be resized unless they have zero "
        "elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero "
        "elements with t.resize_(0). (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)"
    )


UNINITIALIZED_PARAMETER = (
    "Can't access the shape of an uninitialized parameter or buffer. This error usually "
    "happens in `load_state_dict` when trying to load an uninitialized parameter into an "
    "initialized one. Call `forward` to initialize the parameters before accessing their "
    "attributes."
)


def clip_grad_nonfinite(norm_type: object) -> str:
    return (
        f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, "
        "so it cannot be clipped. To disable this error and scale the gradients by the "
        "non-finite norm anyway, set `error_if_nonfinite=False`"
    )


EINSUM_MORE_OPERANDS = "einsum(): more operands were provided than specified in the equation"
EINSUM_FEWER_OPERANDS = "einsum(): fewer operands were provided than specified in the equation"


def einsum_subscripts(n: object, ndim: object, k: object) -> str:
    return (
        f"einsum(): the number of subscripts in the equation ({n}) does not match the number "
        f"of dimensions ({ndim}) for operand {k} and no ellipsis was given"
    )


def einsum_output_subscript(c: object) -> str:
    return f"einsum(): output subscript {c} does not appear in the equation for any input operand"


FINFO_NOT_FLOAT = (
    "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'"
)
IINFO_NOT_INT = (
    "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'"
)


LEGACY_AUTOGRAD_FUNCTION = (
    "Legacy autograd function with non-static forward method is deprecated. Please use "
    "new-style autograd function with static forward method. (Example: "
    "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
)


NO_BACKWARD_OR_VJP = (
    "You must implement either the backward or vjp method for your custom "
    "autograd.Function to use it with backward mode AD."
)


def gradient_for_non_differentiable(name: object, pos: object) -> str:
    return (
        f"function {name} returned a gradient different than None at position {pos}, but the "
        "corresponding forward input was not a Variable"
    )


def invalid_gradient_shape(name: object, i: object, g_shape: object, x_shape: object) -> str:
    return (
        f"Function {name} returned an invalid gradient at index {i} - got {g_shape} but "
        f"expected shape compatible with {x_shape}"
    )


# --- minigrad.core.engine --------------------------------------------------
CREATE_GRAPH_REFERENCE_CYCLE = (
    "Using backward() with create_graph=True will create a reference cycle between the "
    "parameter and its gradient which can cause a memory leak. We recommend using "
    "autograd.grad when creating the graph to avoid this. If you have to use this "
    "function, make sure to reset the .grad fields of your parameters to None after use "
    "to break the cycle and avoid the leak. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)"
)


# --- minigrad.core.node ------------------------------------------------
SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved "
    "tensors after they have already been freed). Saved intermediate values of the graph "
    "are freed when you call .backward() or autograd.grad(). Specify retain_graph=True "
    "if you need to backward through the graph a second time or if you need to access "
    "saved tensors after calling backward."
)


INFERENCE_SAVED = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created "
    "in inference mode in computation tracked by autograd. To work around this, you can "
    "make a clone to get a normal tensor and use it in autograd, or use "
    "`torch.no_grad()` instead of `torch.inference_mode()`."
)


SAVED_DETACHED_IN_PLACE = (
    "Trying to use a saved tensor that has been detached in-place, i.e. with .detach_()."
    "This is not supported, please use out-of-place `.detach()` instead"
)


def modified_by_inplace(what: object, current: object, expected: object, anomaly: bool) -> str:
    hint = (
        ANOMALY_HINT
        if anomaly
        else (
            "Hint: enable anomaly detection to find the operation that failed to "
            "compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False)."
        )
    )
    return (
        "one of the variables needed for gradient computation has been modified by an "
        f"inplace operation: {what} is at version {current}; expected version {expected} "
        f"instead. {hint}"
    )


ANOMALY_HINT = (
    "Hint: the backtrace further above shows the operation that failed to compute its "
    "gradient. The variable in question was changed in there or anywhere later. Good luck!"
)
ANOMALY_ENABLED = (
    "Anomaly Detection has been enabled. This mode will increase the runtime and should "
    "only be enabled for debugging."
)


def anomaly_error_detected(name: object, stack: object) -> str:
    return (
        f"Error detected in {name}. Traceback of forward call that caused the error:\n{stack} "
        "(Triggered internally at "
        "/__w/pytorch/pytorch/torch/csrc/autograd/python_anomaly_mode.cpp:122.)"
    )


# --- minigrad.autograd.functional ----------------------------------------------
STRICT_OUTPUT_INDEPENDENT = (
    "The output of the user-provided function is independent of input {i}. This is not "
    "allowed in strict mode."
)


STRICT_GRADIENT_INDEPENDENT_OF_ENTRY = (
    "The gradient with respect to the input is independent of entry {i} in the "
    "grad_outputs when using the double backward trick to compute forward mode "
    "gradients. This is not allowed in strict mode."
)


STRICT_JACOBIAN_INDEPENDENT = (
    "The jacobian of the user-provided function is independent of input {i}. This is not "
    "allowed in strict mode."
)


STRICT_HESSIAN_INDEPENDENT_OF_ENTRY = (
    "The hessian of the user-provided function is independent of entry {i} in the "
    "grad_jacobian. This is not allowed in strict mode as it prevents from using the "
    "double backward trick to replace forward mode AD."
)


def output_does_not_require_grad(i: object) -> str:
    return (
        f"Output {i} of the user-provided function does not require gradients. The outputs "
        "must be computed in a differentiable manner from the input when running in strict "
        "mode."
    )


V_NONE_NEEDS_SINGLE_ELEMENT_INPUT = (
    "The vector v can only be None if the input to the user-provided function is a "
    "single Tensor with a single element."
)


BAD_STRATEGY = (
    'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
    'function has more outputs than inputs, "forward-mode" tends to be more '
    'performant. Otherwise, prefer to use "reverse-mode".'
)


JACOBIAN_STRICT_AND_VECTORIZED = (
    "torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are not "
    "supported together. Please either set `strict=False` or `vectorize=False`."
)


def not_tensor_or_tuple(arg_name: object, fn_name: object, where: object, type_el: object) -> str:
    return (
        f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but "
        f"{where} has type {type_el}."
    )


def strict_output_independent_of_input(i: object) -> str:
    return (
        f"The output of the user-provided function is independent of input {i}. This is not "
        "allowed in strict mode."
    )


def strict_hessian_independent_of_input(i: object) -> str:
    return (
        f"The hessian of the user-provided function with respect to input {i} is independent "
        "of the input. This is not allowed in strict mode. You should ensure that your "
        "function is thrice differentiable and that the hessian depends on the inputs."
    )


def strict_jacobian_not_twice_differentiable(i: object) -> str:
    return (
        "While computing the hessian, found that the jacobian of the user-provided function "
        f"with respect to input {i} is independent of the input. This is not allowed in "
        "strict mode. You should ensure that your function is twice differentiable and that "
        "the jacobian depends on the inputs (this would be violated by a linear function for "
        "example)."
    )


def strict_gradient_independent_of_inputs(i: object) -> str:
    return (
        f"The gradient with respect to input {i} is independent of the inputs of the "
        "user-provided function. This is not allowed in strict mode."
    )


JACOBIAN_CREATE_GRAPH_FORWARD_MODE = (
    "torch.autograd.functional.jacobian: `create_graph=True` and "
    '`strategy="forward-mode"` are not supported together (yet). Please either set '
    '`create_graph=False` or `strategy="reverse-mode"`.'
)


JACOBIAN_STRICT_FORWARD_MODE = (
    'torch.autograd.functional.jacobian: `strict=True` and `strategy="forward-mode"` '
    "are not supported together (yet). Please either set `strict=False` or "
    '`strategy="reverse-mode"`.'
)


FORWARD_AD_NEEDS_VECTORIZE = (
    "Computing Jacobian using forward-AD or forward-over-reverse Hessian isonly "
    "implemented for `vectorize=True`."
)


def strict_independent_of_input(what: object, i: object) -> str:
    return (
        f"The {what} of the user-provided function is independent of input {i}. This is not "
        "allowed in strict mode when create_graph=True."
    )


V_NONE_NEEDS_SINGLE_ELEMENT_OUTPUT = (
    "The vector v can only be None if the user-provided function returns a single Tensor "
    "with a single element."
)


def strict_output_i_independent_of_input_j(i: object, j: object) -> str:
    return (
        f"Output {i} of the user-provided function is independent of input {j}. This is not "
        "allowed in strict mode."
    )


def strict_jacobian_independent_of_input(i: object) -> str:
    return (
        f"The jacobian of the user-provided function is independent of input {i}. This is not "
        "allowed in strict mode when create_graph=True."
    )


# --- minigrad.autograd.gradcheck -----------------------------------------------
def jacobian_mismatch(
    output_idx: object,
    input_idx: object,
    numerical: object,
    analytical: object,
) -> str:
    return (
        f"Jacobian mismatch for output {output_idx:d} with respect to input {input_idx:d},\n"
        f"numerical:{numerical}\n"
        f"analytical:{analytical}\n"
    )


def forward_jacobian_mismatch(
    output_idx: object, input_idx: object, numerical: object, analytical: object
) -> str:
    return "Jacobian computed with forward mode mismatch" + jacobian_mismatch(
        output_idx, input_idx, numerical, analytical
    ).removeprefix("Jacobian mismatch")


GRADCHECK_NO_INPUT_REQUIRES_GRAD = (
    "gradcheck expects at least one input tensor to require gradient, but none of them "
    "have requires_grad=True."
)


def gradcheck_not_double(idx: object) -> str:
    return (
        f"Input #{idx} requires gradient and is not a double precision floating point or "
        "complex. This check will likely fail if all the inputs are not of double precision "
        "floating point or complex. "
    )


def gradcheck_stride_0(idx: object) -> str:
    return (
        f"The {idx}th input has a dimension with stride 0. gradcheck only supports inputs "
        "that are non-overlapping to be able to compute the numerical gradients correctly. "
        "You should call .contiguous on the input before passing it to gradcheck."
    )


def backward_not_reentrant(nondet_tol: object) -> str:
    return (
        "Backward is not reentrant, i.e., running backward with same input and grad_output "
        "multiple times gives different values, although analytical gradient matches "
        f"numerical gradient.The tolerance for nondeterminism was {nondet_tol}."
    )


# --- minigrad.nn.functional ----------------------------------------------------
def target_size_differs(target_shape: object, input_shape: object) -> str:
    return (
        f"Using a target size ({target_shape}) that is different to the input size ("
        f"{input_shape}). This will likely lead to incorrect results due to broadcasting. "
        "Please ensure they have the same size."
    )


SMOOTH_L1_NEGATIVE_BETA = "smooth_l1_loss does not support negative values for beta."


HUBER_NONPOSITIVE_DELTA = "huber_loss does not support non-positive values for delta."
HUBER_WEIGHT_SIZE = "Weights and input must have the same size."
GAUSSIAN_NLL_NEGATIVE_VAR = "var has negative entry/entries"
GAUSSIAN_NLL_VAR_SIZE = "var is of incorrect size"


def gaussian_nll_invalid_reduction(reduction: object) -> str:
    return f"{reduction} is not valid"


def huber_invalid_reduction(reduction: object) -> str:
    return f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'."


def huber_delta_type(delta: object) -> str:
    return f"delta must be a float or int, got: {type(delta)}"


def cannot_cast_result(result: object, out: object) -> str:
    return f"result type {result} can't be cast to the desired output type {out}"


KL_DIV_MEAN = (
    "reduction: 'mean' divides the total loss by both the batch size and the support size."
    "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
    "'mean' will be changed to behave the same as 'batchmean' in the next major release."
)
KL_DIV_INTEGRAL = "kl_div: Integral inputs not supported."


def implicit_dim_deprecated(name: object) -> str:
    return (
        f"Implicit dimension choice for {name} has been deprecated. Change the call to "
        "include dim=X as an argument."
    )


def target_size_differs_bce(target_shape: object, input_shape: object) -> str:
    return (
        f"Using a target size ({target_shape}) that is different to the input size ("
        f"{input_shape}) is deprecated. Please ensure they have the same size."
    )


def weight_not_broadcastable(length: object, at: object, shape: object, out: object) -> str:
    return (
        f"Attempting to broadcast a dimension of length {length} at -{at}! Mismatching "
        f"argument at index 1 had {shape}; but expected shape should be broadcastable to {out}"
    )


def bce_with_logits_not_tensor(name: object, position: object, type_name: object) -> str:
    return (
        f"binary_cross_entropy_with_logits(): argument '{name}' (position {position}) must be "
        f"Tensor, not {type_name}"
    )


def weight_for_all_classes(n_classes: object, weight_shape: object) -> str:
    return (
        f"weight tensor should be defined either for all {n_classes} classes or no classes "
        f"but got weight tensor of shape: {weight_shape}"
    )


# --- minigrad.nn.modules.module ------------------------------------------------
def cannot_assign_to_parameter(typename_param: object, name: object) -> str:
    return (
        f"cannot assign '{typename_param}' object to parameter '{name}' (torch.nn.Parameter "
        "or None required)"
    )


def load_expected_tensor(key: object, type_value: object) -> str:
    return (
        f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like '
        f"object from checkpoint but received {type_value}"
    )


def load_size_mismatch(key: object, value_shape: object, target_shape: object) -> str:
    return (
        f"size mismatch for {key}: copying a param with shape {value_shape} from checkpoint, "
        f"the shape in current model is {target_shape}."
    )


# --- minigrad.ops.convolution --------------------------------------------------
def conv2d_expected_3d_or_4d(input_shape: object) -> str:
    return (
        "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: "
        f"{input_shape}"
    )


def conv2d_groups_channels(
    groups: object,
    weight_shape: object,
    input_shape: object,
    expected: object,
    c: object,
) -> str:
    return (
        f"Given groups={groups}, weight of size {weight_shape}, expected input{input_shape} "
        f"to have {expected} channels, but got {c} channels instead"
    )


def kernel_bigger_than_input(
    padded_0: object, padded_1: object, kernel_0: object, kernel_1: object
) -> str:
    return (
        f"Calculated padded input size per channel: ({padded_0} x {padded_1}). Kernel size: ("
        f"{kernel_0} x {kernel_1}). Kernel size can't be greater than actual input size"
    )


def pool_output_too_small(c: object, h: object, w: object, out_0: object, out_1: object) -> str:
    return (
        f"Given input size: ({c}x{h}x{w}). Calculated output size: ({c}x{out_0}x{out_1}). "
        "Output size is too small"
    )


def pad_over_half_kernel(p_i: object, k_i: object, d_i: object) -> str:
    return (
        f"pad should be at most half of effective kernel size, but got pad={p_i}, kernel_size="
        f"{k_i} and dilation={d_i}"
    )


SAME_PADDING_EVEN_KERNEL = (
    "Using padding='same' with even kernel lengths and odd dilation may require a "
    "zero-padded copy of the input be created (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/Convolution.cpp:1101.)"
)


def conv_padding_mode(modes: object, mode: object) -> str:
    return f"padding_mode must be one of {modes}, but got padding_mode='{mode}'"


def conv1d_expected_2d_or_3d(input_shape: object) -> str:
    return (
        "Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: "
        f"{input_shape}"
    )


def conv_weight_dims(w_dim: object, w_shape: object, x_dim: object, x_shape: object) -> str:
    return (
        f"Expected {w_dim}-dimensional input for {w_dim}-dimensional weight {w_shape}, but got "
        f"{x_dim}-dimensional input of size {x_shape} instead"
    )


def kernel_bigger_than_input_1d(padded: object, kernel: object) -> str:
    return (
        f"Calculated padded input size per channel: ({padded}). Kernel size: ({kernel}). "
        "Kernel size can't be greater than actual input size"
    )


def adaptive_pool_dims(input_shape: object) -> str:
    return f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {input_shape}"


def adaptive_pool_negative(h: object, w: object) -> str:
    return (
        "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 "
        f"but received {{{h}, {w}}}"
    )


def adaptive_pool_empty(input_shape: object, dim: object, fn: object) -> str:
    return (
        f"{fn}(): Expected input to have non-zero size for non-batch "
        f"dimensions, but input has sizes {input_shape} with dimension {dim} being empty"
    )


def adaptive_pool1d_one_int(n: object) -> str:
    return f"adaptive_avg_pool1d() argument 'output_size' should contain one int (got {n})"


def expected_2_to_3_dims(dim: object, name: object) -> str:
    return (
        f"Expected 2 to 3 dimensions, but got {dim}-dimensional tensor for argument #1 'self' "
        f"(while checking arguments for {name})"
    )


def max_pool1d_dims(input_shape: object) -> str:
    return (
        "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size "
        f"for input, but got:{input_shape}"
    )


def max_pool1d_pad_over_half(p: object, k: object) -> str:
    return (
        "max_pool1d() padding should be at most half of kernel size, but got "
        f"padding={p} and kernel_size={k}"
    )


# --- minigrad.ops.padding --------------------------------------------------------
def pad_not_ints(type_name: object, pos: object) -> str:
    return (
        "pad(): argument 'pad' (position 2) must be tuple of ints, but found element of type "
        f"{type_name} at pos {pos}"
    )


def pad_too_long(length: object, dim: object) -> str:
    return (
        "Padding length should be less than or equal to two times the input dimension but "
        f"got padding length {length} and input of dimension {dim}"
    )


def pad_unsupported(length: object, dim: object) -> str:
    return (
        f"Padding size {length} is not supported for {dim}D input tensor.\n"
        "Supported combinations for non-constant padding:\n"
        "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
        "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
        "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)"
    )


def reflect_pad_too_big(arg: object, left: object, right: object, dim: object, shape: object):
    return (
        f"Argument #{arg}: Padding size should be less than the corresponding input dimension, "
        f"but got: padding ({left}, {right}) at dimension {dim} of input {shape}"
    )


def pad_mode_missing(mode: object, pad: object) -> str:
    return f"minigrad's F.pad has no {mode} mode for the padding {pad} (in torch, it has)"


# --- minigrad.ops.elementwise --------------------------------------------------
MASKED_FILL_EXPANDED = (
    "Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor "
    "before performing this operation. This also applies to advanced indexing e.g. "
    "tensor[mask] = scalar (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:2450.)"
)


SUB_OF_TWO_BOOLS = (
    "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` "
    "or `logical_xor()` operator instead."
)


SUB_OF_A_BOOL = (
    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
    "trying to invert a mask, use the `~` or `logical_not()` operator instead."
)


NEG_OF_A_BOOL = (
    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
    "invert a mask, use the `~` or `logical_not()` operator instead."
)


def size_mismatch_at_dim(x: object, y: object, dim: object) -> str:
    return (
        f"The size of tensor a ({x}) must match the size of tensor b ({y}) at non-singleton "
        f"dimension {dim}"
    )


def masked_fill_value_not_0_dim(value_dim: object) -> str:
    return (
        "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
        f"{value_dim} dimension(s)."
    )


ADDCDIV_INTEGER_DIVISION = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
    "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can "
    "be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
    "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
    "addcdiv behavior is just the latter implementation: (input + value * tensor1 / "
    "tensor2), for all dtypes."
)


def float_power_base_dtype(dtype: object) -> str:
    return (
        f"the base given to float_power_ has dtype {dtype} but the operation's result "
        "requires dtype Double"
    )


# --- minigrad.ops.indexing -----------------------------------------------------
NON_TUPLE_SEQUENCE = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be "
    "changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this "
    "will be interpreted as tensor index, x[torch.tensor(seq)], which will result either "
    "in an error or a different result (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:{line}.)"
)


BYTE_INDEX = (
    "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool "
    "instead. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/IndexingUtils.h:37.)"
)


def invalid_index_type(k_type: object) -> str:
    return (
        "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
        f"valid indices (got {k_type})"
    )


def index_put_shape_mismatch(value_shape: object, target: object) -> str:
    return (
        f"shape mismatch: value tensor of shape {value_shape} cannot be broadcast to indexing "
        f"result of shape {target}"
    )


def mask_shape_mismatch(k_shape: object, i: object, shape: object, dim_i: object) -> str:
    return (
        f"The shape of the mask {k_shape} at index {i} does not match the shape of the "
        f"indexed tensor {shape} at index {dim_i}"
    )


# --- minigrad.ops.linalg -------------------------------------------------------
def inconsistent_tensor_size(n: object, m: object) -> str:
    return (
        f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to have the same "
        f"number of elements, but got {n} and {m} elements respectively"
    )


def batch2_size_mismatch(size: object, k: object, k2: object) -> str:
    return (
        f"Expected size for first two dimensions of batch2 tensor to be: [{size}, {k}] but "
        f"got: [{size}, {k2}]."
    )


def batch2_size_mismatch_bmm(
    b: object, k: object, mat2_shape_0: object, mat2_shape_1: object
) -> str:
    return (
        f"Expected size for first two dimensions of batch2 tensor to be: [{b}, {k}] but got: ["
        f"{mat2_shape_0}, {mat2_shape_1}]."
    )


def solve_dtypes(a: object, b: object) -> str:
    return (
        "linalg.solve: Expected A and B to have the same dtype, but found A of type "
        f"{a} and B of type {b} instead"
    )


def solve_shapes(n: object, m: object, rows: object, cols: object) -> str:
    return (
        "linalg.solve: Incompatible shapes of A and B for the equation AX = B "
        f"({n}x{m} and {rows}x{cols})"
    )


def norm_needs_dim(ndim: object) -> str:
    return (
        f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {ndim}D."
    )


SOLVE_SINGULAR = "torch.linalg.solve: The solver failed because the input matrix is singular."


def inv_singular(index: object) -> str:
    return (
        f"linalg.inv: The diagonal element {index} is zero, the inversion could not be "
        "completed because the input matrix is singular."
    )


CROSS_WITHOUT_DIM = (
    "Using torch.cross without specifying the dim arg is deprecated.\n"
    "Please either pass the dim explicitly or simply use torch.linalg.cross.\n"
    "The default value of dim will change to agree with that of linalg.cross in a future "
    "release. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Cross.cpp:63.)"
)


def searchsorted_shapes(boundaries: object, values: object) -> str:
    return (
        "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
        "dimensions of boundaries tensor and input value tensor must match, but we got "
        f"boundaries tensor {boundaries} and input value tensor {values}"
    )


# --- minigrad.ops.reduction ----------------------------------------------------
def dof_not_positive(name: object) -> str:
    return (
        f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than the "
        "reduction factor (input numel divided by output numel). (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)"
    )


def mean_needs_float(scalar_name: object) -> str:
    return (
        "mean(): could not infer output dtype. Input dtype must be either a floating point "
        f"or complex dtype. Got: {scalar_name}"
    )


def reduction_invalid_arguments(name: object, dim_type: object) -> str:
    return (
        f"{name}() received an invalid combination of arguments - got (Tensor, {dim_type}), "
        "but expected one of:\n"
        " * (Tensor input, *, Tensor out = None)\n"
        " * (Tensor input, Tensor other, *, Tensor out = None)\n"
        " * (Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)\n"
    )


def reduction_dim_needed_for_empty(name: object) -> str:
    return (
        f"{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify "
        "the reduction dim with the 'dim' argument."
    )


def prod_invalid_arguments(dim_type: object) -> str:
    return (
        f"prod() received an invalid combination of arguments - got (dim={dim_type}, ), but "
        "expected one of:\n * (*, torch.dtype dtype = None)\n"
        " * (int dim, bool keepdim = False, *, torch.dtype dtype = None)\n"
    )


def nanmean_dtype(dtype: object) -> str:
    return f"nanmean(): expected input to have floating point or complex dtype but got {dtype}"


AMINMAX_EMPTY = (
    "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity."
)


def quantile_interpolation(got: object) -> str:
    return (
        "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, "
        f"but got {got}"
    )


# --- minigrad.ops.shape --------------------------------------------------------
def permute_wrong_dims(self_dim: object, len_dims: object) -> str:
    return (
        "permute(sparse_coo): number of dimensions in the tensor input does not match the "
        f"length of the desired ordering of dimensions i.e. input.dim() = {self_dim} is not "
        f"equal to len(dims) = {len_dims}"
    )


T_OF_0_DIM = (
    "Tensor.T is deprecated on 0-D tensors. This function is the identity in these "
    "cases. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4321.)"
)


T_OF_NOT_2_DIM = (
    "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
    "deprecated and it will throw an error in a future release. Consider `x.mT` to "
    "transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to "
    "reverse the dimensions of a tensor. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)"
)


MT_OF_0_DIM = (
    "Tensor.mT is deprecated on 0-D tensors. This function is the identity in these "
    "cases. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4373.)"
)
MH_OF_0_DIM = (
    "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj(). (Triggered "
    "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4382.)"
)
H_OF_0_DIM = (
    "Tensor.H is deprecated on 0-D tensors. Consider using x.conj(). (Triggered "
    "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4335.)"
)
MH_OF_1_DIM = "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor."


def h_of_not_a_matrix(dim: object) -> str:
    text = f"tensor.H is only supported on matrices (2-D tensors). Got {dim}-D tensor."
    return text + " For batches of matrices, consider using tensor.mH" if dim > 2 else text


def expand_too_few_sizes(
    type_string: object,
    self_shape: object,
    sizes: object,
    len_sizes: object,
    self_dim: object,
) -> str:
    return (
        f"expand({type_string}{{{self_shape}}}, size={sizes}): the number of "
        f"sizes provided ({len_sizes}) must be greater or equal to the number of dimensions "
        f"in the tensor ({self_dim})"
    )


REPEAT_DIMS_TOO_FEW = (
    "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
)


def reshape_0_elements(shape: object) -> str:
    return (
        f"cannot reshape tensor of 0 elements into shape {shape} because the unspecified "
        "dimension size -1 can be any value and is ambiguous"
    )


VIEW_NOT_COMPATIBLE = (
    "view size is not compatible with input tensor's size and stride (at least one "
    "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
)


def expand_minus_one_leading(i: object) -> str:
    return (
        "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing "
        f"dimension {i}"
    )


def stack_size_mismatch(first_shape: object, t_shape: object, i: object) -> str:
    return (
        f"stack expects each tensor to be equal size, but got {first_shape} at entry 0 and "
        f"{t_shape} at entry {i}"
    )


def split_sizes_sum(n: object, d: object, sizes: object) -> str:
    return (
        f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size at "
        f"dimension {d}), but got split_sizes={sizes}"
    )


def split_needs_dims(name: object, least: object, ndim: object) -> str:
    return (
        f"torch.{name} requires a tensor with at least {least} dimension, but got a tensor "
        f"with {ndim} dimensions!"
    )


def split_not_divisible(name: object, dim: object, n: object, sections: object) -> str:
    return (
        f"torch.{name} attempted to split along dimension {dim}, but the size of the dimension "
        f"{n} is not divisible by the split_size {sections}!"
    )


def expand_size_mismatch(
    s: object, own: object, i: object, sizes: object, self_shape: object
) -> str:
    return (
        f"The expanded size of the tensor ({s}) must match the existing size ({own}) at "
        f"non-singleton dimension {i}.  Target sizes: {sizes}.  Tensor sizes: {self_shape}"
    )


def cat_size_mismatch(d: object, expected: object, got: object, i: object) -> str:
    return (
        f"Sizes of tensors must match except in dimension {d}. Expected size {expected} "
        f"but got size {got} for tensor number {i} in the list."
    )


def block_diag_dims(i: object, ndim: object) -> str:
    return (
        "torch.block_diag: Input tensors must have 2 or fewer dimensions. "
        f"Input {i} has {ndim} dimensions"
    )


# --- minigrad.optim.optimizer --------------------------------------------------
def params_not_iterable(typename_params: object) -> str:
    return (
        "params argument given to the optimizer should be an iterable of Tensors or dicts, "
        f"but got {typename_params}"
    )


DUPLICATE_PARAMETERS = (
    "optimizer contains a parameter group with duplicate parameters; in future, this "
    "will cause an error; see github.com/pytorch/pytorch/issues/40967 for more "
    "information"
)


PARAMS_UNORDERED = (
    "optimizer parameters need to be organized in ordered collections, but the ordering "
    "of tensors in sets will change between runs. Please use a list instead."
)


PARAM_NAMES_MISSING = (
    "all optimizer params should be with/without names. Some param names are missing"
)


def param_names_mixed(with_names: bool) -> str:
    which = "with names" if with_names else "without names"
    return (
        "all optimizer param groups should be with/without names. "
        f"cannot add param group {which} to the optimizer"
    )


LOADED_GROUP_SIZE_MISMATCH = (
    "loaded state dict contains a parameter group that doesn't match the size of optimizer's group"
)


# --- minigrad.utils.data.dataloader --------------------------------------------
COLLATE_ERROR = (
    "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}"
)


NUM_WORKERS_NEGATIVE = (
    "num_workers option should be non-negative; use num_workers=0 to disable multiprocessing."
)


PIN_MEMORY_NO_ACCELERATOR = (
    "'pin_memory' argument is set as true but no accelerator is found, then device "
    "pinned memory won't be used."
)


def iterable_dataset_shuffle(shuffle: object) -> str:
    return (
        "DataLoader with IterableDataset: expected unspecified shuffle option, but got "
        f"shuffle={shuffle}"
    )


BATCH_SAMPLER_EXCLUSIVE = (
    "batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last"
)


BATCH_SIZE_NONE_EXCLUSIVE = (
    "batch_size=None option disables auto-batching and is mutually exclusive with drop_last"
)


# --- minigrad.autograd.gradcheck -----------------------------------------------
FAILED_NONDET_MSG = (
    "\n\nNOTE: If your op relies on non-deterministic operations i.e., it is listed "
    "here:\n"
    "https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html\n"
    "this failure might be expected.\n"
    "\nIf you are adding a new operator, please file an issue and then use one of the\n"
    "workarounds. The workaround depends on how your test invokes "
    "gradcheck/gradgradcheck.\n"
    "If the test\n- manually invokes gradcheck/gradgradcheck, then call "
    "gradcheck/gradgradcheck\n"
    "  with `nondet_tol=<tol>` as a keyword argument.\n"
    "- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the "
    "test\n  to have `gradcheck_nondet_tol=<tol>`.\n"
    "- is a Module test (e.g., in common_nn.py), then modify the corresponding\n"
    "  module_test entry to have `gradcheck_nondet_tol=<tol>`\n"
)


def fast_mode_recomputed(numerical: object, analytical: object, max_diff: object) -> str:
    return (
        "\nThe above quantities relating the numerical and analytical jacobians are "
        "computed \nin fast mode. See: https://github.com/pytorch/pytorch/issues/53876 for "
        "more background \nabout fast mode. Below, we recompute numerical and analytical "
        "jacobians in slow mode:\n"
        f"\nNumerical:\n {numerical}\n"
        f"Analytical:\n{analytical}\n"
        f"\nThe max per-element difference (slow mode) is: {max_diff}.\n"
    )


FAST_FAIL_SLOW_OK_MSG = (
    "\nFast gradcheck failed but element-wise differences are small. This means that "
    "the\ntest might've passed in slow_mode!\n"
    "\nIf you are adding a new operator, please file an issue and then use one of the\n"
    "workarounds. The workaround depends on how your test invokes "
    "gradcheck/gradgradcheck:\n"
    "\nIf the test\n- manually invokes gradcheck/gradgradcheck, then call "
    "gradcheck/gradgradcheck\n"
    "  with `fast_mode=False` as a keyword argument.\n"
    "- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the "
    "test\n  to have `gradcheck_fast_mode=False`\n"
    "- is a Module test (e.g., in common_nn.py), then modify the corresponding\n"
    "  module_test entry to have `gradcheck_fast_mode=False`\n"
)


def weights_only_refused(name: object) -> str:
    """``torch.load`` (weights_only=True) meeting a global it does not allow."""
    return (
        "Weights only load failed. This file can still be loaded, to do so you have two "
        "options, \x1b[1mdo those steps only if you trust the source of the checkpoint"
        "\x1b[0m. \n\t(1) In PyTorch 2.6, we changed the default value of the "
        "`weights_only` argument in `torch.load` from `False` to `True`. Re-running "
        "`torch.load` with `weights_only` set to `False` will likely succeed, but it can "
        "result in arbitrary code execution. Do it only if you got the file from a trusted "
        "source.\n\t(2) Alternatively, to load with `weights_only=True` please check the "
        "recommended steps in the following error message.\n\tWeightsUnpickler error: "
        f"Unsupported global: GLOBAL {name} was not an allowed global by default. Please "
        f"use `torch.serialization.add_safe_globals([{name}])` or the "
        f"`torch.serialization.safe_globals([{name}])` context manager to allowlist this "
        "global if you trust this class/function.\n\nCheck the documentation of torch.load "
        "to learn more about types accepted by default with weights_only "
        "https://pytorch.org/docs/stable/generated/torch.load.html."
    )


DESERIALIZE_ON_CUDA = (
    "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is "
    "False. If you are running on a CPU-only machine, please use torch.load with "
    "map_location=torch.device('cpu') to map your storages to the CPU."
)

WEIGHTS_ONLY_WITH_PICKLE_MODULE = (
    "Can not safely load weights when explicit pickle_module is specified"
)


# --- learning-rate schedulers (torch.optim.lr_scheduler) ---------------------------
LR_SCHEDULER_BEFORE_OPTIMIZER = (
    "Detected call of `lr_scheduler.step()` before `optimizer.step()`. "
    "In PyTorch 1.1.0 and later, you should call them in the opposite order: "
    "`optimizer.step()` before `lr_scheduler.step()`.  Failure to do this "
    "will result in PyTorch skipping the first value of the learning rate schedule. "
    "See more details at "
    "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"
)
LR_SCHEDULER_STEP_OVERRIDDEN = (
    "Seems like `optimizer.step()` has been overridden after learning rate scheduler "
    "initialization. Please, make sure to call `optimizer.step()` before "
    "`lr_scheduler.step()`. See more details at "
    "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"
)
LR_SCHEDULER_USE_GET_LAST_LR = (
    "To get the last learning rate computed by the scheduler, please use `get_last_lr()`."
)
LR_SCHEDULER_EPOCH_DEPRECATED = (
    "The epoch parameter in `scheduler.step()` was not necessary and is being "
    "deprecated where possible. Please use `scheduler.step()` to step the "
    "scheduler. During the deprecation, if epoch is different from None, the "
    "closed form is used instead of the new chainable form, where available. "
    "Please open an issue if you are unable to replicate your use case: "
    "https://github.com/pytorch/pytorch/issues/new/choose."
)


def lr_scheduler_no_initial_lr(index: object) -> str:
    return (
        f"param 'initial_lr' is not specified in param_groups[{index}] when resuming "
        "scheduler with last_epoch >= 0.\n"
        "This typically happens when:\n"
        "1. You're trying to resume training from a checkpoint but haven't properly "
        "loaded the optimizer state\n"
        "2. You're using last_epoch >= 0 for a fresh training run (not recommended)"
    )


def plateau_groups_changed(now: object, before: object) -> str:
    return (
        f"The number of param groups in the `optimizer` ({now}) differs "
        f"from when `ReduceLROnPlateau` was initialized ({before}), usually due to a new "
        "param group being added to the optimizer. Please modify the `min_lrs` field to "
        "match the length of the `optimizer` param groups."
    )


LINEAR_LR_START_FACTOR = (
    "Starting multiplicative factor expected to be greater than 0 and less or equal to 1."
)
CYCLE_MOMENTUM_UNSUPPORTED = (
    "optimizer must support momentum or beta1 with `cycle_momentum` option enabled"
)
ONE_CYCLE_TOTAL_STEPS = "You must define either total_steps OR (epochs AND steps_per_epoch)"


def one_cycle_stepped_past_end(step_num: object, total_steps: object) -> str:
    return f"Tried to step {step_num} times. The specified number of total steps is {total_steps}"


def one_cycle_anneal_strategy(strategy: object) -> str:
    return f"anneal_strategy must be one of 'cos' or 'linear', instead got {strategy}"


def schedulers_none_given(name: object, chained: bool) -> str:
    what = "at least one scheduler to be chained" if chained else "at least one scheduler"
    return f"{name} expects {what}, but got no scheduler."


def scheduler_without_optimizer(name: object, index: object) -> str:
    return f"{name} at index {index} should have `optimizer` as its attribute."


def scheduler_is_plateau(name: object, index: object) -> str:
    return (
        f"{name} does not support `ReduceLROnPlateau` scheduler as it "
        "requires additional kwargs to be specified when calling `step`, "
        f"but got one at index {index} in the given schedulers sequence."
    )


def scheduler_other_optimizer(
    name: object, scheduler: object, index: object, its_optimizer: object, optimizer: object
) -> str:
    return (
        f"{name} expects all schedulers to belong to the same optimizer, but "
        f"got scheduler {scheduler} at index {index} has {its_optimizer}, "
        f"which is different from {optimizer}."
    )


def sequential_milestones_count(schedulers: object, milestones: object) -> str:
    return (
        "Sequential Schedulers expects number of schedulers provided to be one more "
        f"than the number of milestone points, but got number of schedulers {schedulers} and "
        f"the number of milestones to be equal to {milestones}"
    )


def format_param_length(name: object, given: object, groups: object) -> str:
    return (
        f"{name} must have the same length as optimizer.param_groups. "
        f"{name} has {given} values, param_groups has {groups}."
    )


# --- L-BFGS (torch.optim.LBFGS) -------------------------------------------------------
LBFGS_ONE_GROUP = "LBFGS doesn't support per-parameter options (parameter groups)"

# nn.Embedding / F.embedding
EMBEDDING_INDICES_DTYPE = (
    "Expected tensor for argument #1 'indices' to have one of the following scalar "
    "types: Long, Int; but got {type} instead (while checking arguments for embedding)"
)
EMBEDDING_WEIGHT_2D = "'weight' must be 2-D"
EMBEDDING_PADDING_IDX = "Padding_idx must be within num_embeddings"
EMBEDDING_WEIGHT_SHAPE = "Shape of weight does not match num_embeddings and embedding_dim"
EMBEDDING_PRETRAINED_2D = "Embeddings parameter is expected to be 2-dimensional"

# nn.LayerNorm / F.layer_norm
LAYER_NORM_PARAM_SHAPE = (
    "Expected {name} to be of same shape as normalized_shape, but got {name} of shape "
    "{shape} and normalized_shape = {expected}"
)
LAYER_NORM_INPUT_SHAPE = (
    "Given normalized_shape={normalized_shape}, expected input with shape [{expected}], "
    "but got input of size{got}"
)

# nn.BatchNorm1d / F.batch_norm
BATCH_NORM_ONE_VALUE = "Expected more than 1 value per channel when training, got input size {size}"
BATCH_NORM_PARAM_SIZE = "{name} should contain {n} elements not {got}"
BATCH_NORM_1D_DIMS = "expected 2D or 3D input (got {dim}D input)"
BATCH_NORM_MIXED_DTYPE = "mixed dtype (CPU): all inputs must share same datatype."


# nn.GroupNorm / F.group_norm
def group_norm_groups(shape: object, groups: object) -> str:
    return (
        "Expected number of channels in input to be divisible by num_groups, but got input "
        f"of shape {shape} and num_groups={groups}"
    )


def group_norm_param(name: object, shown: object, shape: object) -> str:
    return (
        f"Expected {name} to be a vector of size equal to the number of channels in input, "
        f"but got {name} of shape {shown} and input of shape {shape}"
    )


# nn.Dropout2d / F.dropout2d, nn.Dropout1d / F.dropout1d
def dropout2d_dims_warning(dim: object) -> str:
    return (
        f"dropout2d: Received a {dim}-D input to dropout2d, which is deprecated and will "
        "result in an error in a future release. To retain the behavior and silence this "
        "warning, please use dropout instead. Note that dropout2d exists to provide "
        "channel-wise dropout on inputs with 2 spatial dimensions, a channel dimension, and "
        "an optional batch dimension (i.e. 3D or 4D inputs)."
    )


DROPOUT2D_3D_WARNING = (
    "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout "
    "behavior is desired - input is interpreted as shape (N, C, L), where C is the channel "
    "dim. This behavior will change in a future release to interpret the input as one "
    "without a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise "
    "dropout behavior, please switch to using dropout1d instead."
)


def dropout1d_dims(dim: object) -> str:
    return (
        f"dropout1d: Expected 2D or 3D input, but received a {dim}D input. Note that dropout1d "
        "exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel "
        "dimension, and an optional batch dimension (i.e. 2D or 3D inputs)."
    )


# nn.PReLU / F.prelu
def prelu_channels(n: object, channels: object) -> str:
    return (
        "Mismatch of parameter numbers and input channel size. Found parameter numbers = "
        f"{n} and channel size = {channels}."
    )


# F.margin_ranking_loss, F.soft_margin_loss, F.cosine_embedding_loss
def margin_ranking_dims(size1: object, size2: object, size_t: object) -> str:
    return (
        "margin_ranking_loss : All input tensors should have same dimension but got sizes: "
        f"input1: {size1}, input2: {size2}, target: {size_t} "
    )


def not_differentiable_wrt(fn: object, arg: object) -> str:
    return (
        f"The function '{fn}' is not differentiable with respect to argument '{arg}'. "
        "This input cannot have requires_grad True."
    )


def cosine_embedding_dims(target_dim: object, shape1: object, shape2: object) -> str:
    return (
        f"{target_dim}D target tensor expects {target_dim + 1}D input tensors, but found "
        f"inputs with sizes {shape1} and {shape2}."
    )


# nn.Unflatten
UNFLATTEN_NOT_TUPLE = "unflattened_size must be a tuple of ints, but found type {type}"
UNFLATTEN_NOT_INT = (
    "unflattened_size must be tuple of ints, but found element of type {type} at pos {pos}"
)
UNFLATTEN_SIZES = (
    "unflatten: Provided sizes {sizes} don't multiply up to the size of dim {dim} ({size}) "
    "in the input tensor"
)

# nn.Hardtanh
HARDTANH_RANGE = "max_val ({max_val}) must be greater than min_val ({min_val})"


# --- minigrad.nn.modules.rnn --------------------------------------------------
RNN_DROPOUT_RANGE = (
    "dropout should be a number in range [0, 1] representing the probability of an "
    "element being zeroed"
)
RNN_PROJ_SIZE = "proj_size argument is only supported for LSTM, not RNN or GRU"
RNN_PROJ_SIZE_NEGATIVE = "proj_size should be a positive integer or zero to disable projections"


def rnn_dropout_one_layer(dropout: object, num_layers: object) -> str:
    return (
        "dropout option adds dropout after all but last recurrent layer, so non-zero "
        f"dropout expects num_layers greater than 1, but got dropout={dropout} and "
        f"num_layers={num_layers}"
    )


def rnn_nonlinearity(nonlinearity: object) -> str:
    return f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'."


def rnn_dtype(input_dtype: object, weight_dtype: object) -> str:
    return (
        f"RNN input dtype ({input_dtype}) does not match weight dtype ({weight_dtype}). "
        f"Convert input: input.to({weight_dtype}), or convert model: model.to({input_dtype})"
    )


def rnn_input_size(expected: object, got: object) -> str:
    return f"input.size(-1) must be equal to input_size. Expected {expected}, got {got}"


def rnn_unbatched_hx(dim: object) -> str:
    return f"For unbatched 2-D input, hx should also be 2-D but got {dim}-D tensor"


def rnn_batched_hx(dim: object) -> str:
    return f"For batched 3-D input, hx should also be 3-D but got {dim}-D tensor"


def lstm_unbatched_hx(h_dim: object, c_dim: object) -> str:
    return (
        "For unbatched 2-D input, hx and cx should also be 2-D but got "
        f"({h_dim}-D, {c_dim}-D) tensors"
    )


def lstm_batched_hx(h_dim: object, c_dim: object) -> str:
    return (
        f"For batched 3-D input, hx and cx should also be 3-D but got ({h_dim}-D, {c_dim}-D) "
        "tensors"
    )


def lstm_cell_hx_dims(idx: object, dim: object) -> str:
    return f"LSTMCell: Expected hx[{idx}] to be 1D or 2D, got {dim}D instead"


def rnn_cell_input_size(got: object, expected: object) -> str:
    return f"input has inconsistent input_size: got {got} expected {expected}"


def rnn_cell_batch(batch: object, label: object, hidden_batch: object) -> str:
    return f"Input batch size {batch} doesn't match hidden{label} batch size {hidden_batch}"


def rnn_cell_hidden_size(label: object, got: object, expected: object) -> str:
    return f"hidden{label} has inconsistent hidden_size: got {got}, expected {expected}"


# --- minigrad.autograd.forward_ad ----------------------------------------------
NO_JVP = (
    "You must implement the jvp function for custom autograd.Function to use it with "
    "forward mode AD."
)
MAKE_DUAL_NO_LEVEL = (
    "Trying to create a dual Tensor for forward AD but no level exists, make sure to "
    "enter_dual_level() first."
)
NESTED_DUAL_LEVEL = "Nested forward mode AD is not supported at the moment"
DUAL_LEVEL_NOT_POSITIVE = "Dual level must be a positive number."


def dual_not_floating(what: str, dtype: object) -> str:
    return f"Expected {what} to be floating point or complex, but got: {dtype}"


def tangent_size_mismatch(size: list, tangent_size: list) -> str:
    return (
        "Trying to set a forward gradient that has a different size than that of the "
        f"original Tensor, this is not supported. Tensor is of size {size} while the given "
        f"forward gradient is of size {tangent_size}."
    )


def already_dual(level: int) -> str:
    return (
        "Making a dual Tensor based on a Tensor that already has a forward gradient at the "
        f"same level {level} is not supported."
    )


# --- minigrad.func -------------------------------------------------------------
def func_aux_not_a_pair(api: str) -> str:
    return (
        f"{api}(f)(*args): output of function f should be a tuple: (output, aux) if has_aux is True"
    )


def func_grad_not_a_tensor(kind: object) -> str:
    return f"grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got {kind}"


def func_grad_not_a_scalar(dims: int) -> str:
    return (
        "grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor "
        f"with {dims} dims. Maybe you wanted to use the vjp or jacrev APIs instead?"
    )


def func_vjp_structure(cotangents: str, outputs: str) -> str:
    return (
        "Expected pytree structure of cotangents to be the same as pytree structure of "
        f"outputs to the function. cotangents: {cotangents}, primal output: {outputs}"
    )


def func_jvp_not_a_tuple(what: str) -> str:
    return (
        f"jvp(f, primals, tangents): Expected {what} to be a tuple. E.g. it should be valid "
        "to call f(*primals)."
    )


def func_jvp_output_not_a_tensor(kind: object) -> str:
    return (
        "jvp(f, primals, tangents): expected f(*primals) to return only tensors, got "
        f"unsupported type {kind}"
    )


def func_jvp_structure(primals: str, tangents: str) -> str:
    return (
        "jvp(f, primals, tangents): Expected primals and tangents to have the same python "
        "structure. For example, if primals is a tuple of 3 tensors, tangents also must be. "
        f"Got primals with structure {primals} and tangents with structure {tangents}"
    )


def vmap_no_inputs(name: str) -> str:
    return (
        f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add inputs, or you are "
        "trying to vmap over a function with no inputs. The latter is unsupported."
    )


def vmap_bad_in_dims(where: str, kind: object) -> str:
    return (
        f"{where}: expected `in_dims` to be int or a (potentially nested) tuple matching the "
        f"structure of inputs, got: {kind}."
    )


def vmap_in_dims_structure(where: str, dims: str, inputs: str) -> str:
    return (
        f"{where}: in_dims is not compatible with the structure of `inputs`. in_dims has "
        f"structure {dims} but inputs has structure {inputs}."
    )


def vmap_not_a_tensor(where: str, dim: int, kind: object) -> str:
    return (
        f"{where}: Got in_dim={dim} for an input but the input is of type {kind}. We cannot "
        "vmap over non-Tensor arguments, please use None as the respective in_dim"
    )


def vmap_bad_dim(where: str, dim: int, ndim: int) -> str:
    return (
        f"{where}: Got in_dim={dim} for some input, but that input is a Tensor of "
        f"dimensionality {ndim} so expected in_dim to satisfy -{ndim} <= in_dim < {ndim}."
    )


VMAP_NOTHING_TO_MAP = "vmap: Expected at least one Tensor to vmap over"


def vmap_sizes_differ(sizes: list) -> str:
    return (
        "vmap: Expected all tensors to have the same size in the mapped dimension, got "
        f"sizes {sizes} for the mapped dimension"
    )


def vmap_returned_not_a_tensor(name: str, kind: object) -> str:
    return (
        f"vmap({name}, ...): `{name}` must only return Tensors, got type {kind}. Did you "
        "mean to set out_dims= to None for output?"
    )


def stack_module_state_requires_grad(name: str) -> str:
    return f"Expected {name} from each model to have the same .requires_grad"


def functional_call_repeated(names: list) -> str:
    return f"{names} appeared in multiple dictionaries; behavior of functional call is ambiguous"


def functional_call_strict(module: str, missing: list, unexpected: list) -> str:
    lines = [f"Error(s) in reparametrizing for {module}:"]
    if unexpected:
        lines.append("Unexpected key(s): " + ", ".join(repr(k) for k in unexpected) + ".")
    if missing:
        lines.append("Missing key(s): " + ", ".join(repr(k) for k in missing) + ".")
    return "\n\t".join(lines)


TRUNC_NORMAL_MEAN = (
    "mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
    "The distribution of values may be incorrect."
)


def instance_norm_features(dim: object, n: object, got: object) -> str:
    return f"expected input's size at dim={dim} to match num_features ({n}), but got: {got}."


def instance_norm_features_ignored(dim: object) -> str:
    return (
        f"input's size at dim={dim} does not match num_features. You can silence this "
        "warning by not passing in num_features, which is not used because affine=False"
    )


def interpolate_dims(ndim: object, mode: object) -> str:
    return (
        f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {ndim}D) for the "
        "modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | "
        f"nearest-exact (got {mode})"
    )


def interpolate_size_dims(spatial: object, size: object) -> str:
    return (
        "Input and output must have the same number of spatial dimensions, but got input "
        f"with spatial dimensions of {spatial} and output size of {size}. Please provide "
        "input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) "
        "format."
    )


def interpolate_mode_missing(mode: object, ndim: object) -> str:  # minigrad's own words
    return (
        "minigrad's interpolate has mode='nearest' for 3-D and 4-D input only, "
        f"not mode={mode!r} on {ndim}-D input"
    )


# torch.utils.checkpoint
CHECKPOINT_USE_REENTRANT = (
    "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. "
    "Starting in PyTorch 2.9, calling checkpoint without use_reentrant will raise an "
    "exception. use_reentrant=False is recommended, but if you need to preserve the "
    "current default behavior, you can pass use_reentrant=True. Refer to docs for more "
    "details on the differences between the two variants."
)
CHECKPOINT_DEBUG_TIP = """
Tip: To see a more detailed error message, either pass `debug=True` to
`torch.utils.checkpoint.checkpoint(...)` or wrap the code block
with `with torch.utils.checkpoint.set_checkpoint_debug_enabled(True):` to
enable checkpoint‑debug mode globally.

If this error occurs under torch.compile with automatic_dynamic_shapes enabled,
it may be because the recomputation selected a different compiled graph than the
forward pass (e.g., a dynamic graph instead of the original static graph).
To fix this, either:
  - Use torch._dynamo.mark_dynamic() to explicitly mark varying dimensions as
    dynamic upfront, avoiding the static-to-dynamic transition.
  - Call torch._C._dynamo.eval_frame._set_lru_cache(False) to disable LRU cache
    reordering, which can change which graph is checked first between forward
    and recompute.
See https://github.com/pytorch/pytorch/issues/166926 for more details and
workaround examples.
"""
CHECKPOINT_REENTRANT_GRAD = (
    "When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() or passing "
    "an `inputs` parameter to .backward(). To resolve this error, you can either set "
    "use_reentrant=False, or call .backward() without passing the `inputs` argument."
)


def checkpoint_count(saved: int, recomputed: int) -> str:
    return (
        "torch.utils.checkpoint: A different number of tensors was saved during the "
        "original forward and recomputation.\n"
        f"Number of tensors saved during forward: {saved}\n"
        f"Number of tensors saved during recomputation: {recomputed}.\n{CHECKPOINT_DEBUG_TIP}"
    )


def checkpoint_metadata(different: list) -> str:
    """``different``: (position, saved metadata, recomputed metadata) for each tensor."""
    listed = "".join(
        f"tensor at position {i}:\nsaved metadata: {a}\nrecomputed metadata: {b}\n"
        for i, a, b in different
    )
    return (
        "torch.utils.checkpoint: Recomputed values for the following tensors have "
        f"different metadata than during the forward pass.\n{listed}.\n{CHECKPOINT_DEBUG_TIP}"
    )


def core_piece_missing(name: object) -> str:
    """minigrad's own: a core loaded without the layer that registers ``name``."""
    return (
        f"minigrad's core needs {name!r}, which a layer above it registers when it is "
        "imported (see minigrad/core/registry.py): import minigrad first"
    )
