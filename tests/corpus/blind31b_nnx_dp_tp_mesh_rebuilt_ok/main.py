# Exported from notebook: nnx_fsdp_tp_sweep.ipynb
# %%
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType

# %%
# first attempt: pure data parallel over all 4 devices
mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))

# %%
class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            use_bias=False, rngs=rngs)
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=("model", None))

    def __call__(self, x):
        y = jax.nn.relu(self.dot1(x))
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2[...])

# %%
# data x model mesh (the DP-only mesh above has no 'model' axis)
mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))

# %%
with jax.set_mesh(mesh):
    model = DotReluDot(64, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

graphdef, state = nnx.split((model, optimizer))

def train_step(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss, nnx.state((model, optimizer))

# %%
x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P("data", None)))
y = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P("data", None)))
with jax.set_mesh(mesh):
    lowered = jax.jit(train_step).trace(state, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
