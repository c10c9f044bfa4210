"""The NNX sharding guide's DotReluDot on JAX 0.8.2's default jax.make_mesh (Auto axes)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(depth, depth, kernel_init=nnx.with_partitioning(init_fn, (None, "model")), use_bias=False, rngs=rngs)
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding_names=("model", None))

    def __call__(self, x):
        y = jax.nn.relu(self.dot1(x))
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2[...])


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = DotReluDot(512, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    data_sharding = NamedSharding(mesh, P("data", None))
    x = jax.device_put(jnp.ones((8, 512)), data_sharding)
    y = jax.device_put(jnp.ones((8, 512)), data_sharding)
    train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("ok")
