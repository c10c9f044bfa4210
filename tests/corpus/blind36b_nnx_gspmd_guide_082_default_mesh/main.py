import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

auto_mesh = jax.make_mesh((2, 2), ("data", "model"))


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            use_bias=False, rngs=rngs,
        )
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=("model", None))

    def __call__(self, x):
        y = self.dot1(x)
        y = jax.nn.relu(y)
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2[...])


with jax.set_mesh(auto_mesh):
    model = DotReluDot(256, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


data_sharding = NamedSharding(auto_mesh, P("data", None))
x = jax.device_put(jnp.ones((8, 256)), data_sharding)
y = jax.device_put(jnp.ones((8, 256)), data_sharding)

with jax.set_mesh(auto_mesh):
    lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("ok", len(lowered.as_text()) > 0)
