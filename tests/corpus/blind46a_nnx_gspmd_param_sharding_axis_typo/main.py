import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

auto_mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(depth, depth, use_bias=False,
                               kernel_init=nnx.with_partitioning(init_fn, (None, "model")), rngs=rngs)
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), out_sharding=("modle", None))

    def __call__(self, x):
        y = nnx.relu(self.dot1(x))
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2[...])


with jax.set_mesh(auto_mesh):
    model = DotReluDot(256, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

state = nnx.state(model)
named = nnx.get_named_sharding(state, auto_mesh)
data_sharding = NamedSharding(auto_mesh, P("data", None))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


x = jax.device_put(jnp.ones((16, 256)), data_sharding)
y = jax.device_put(jnp.ones((16, 256)), data_sharding)
with jax.set_mesh(auto_mesh):
    print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
