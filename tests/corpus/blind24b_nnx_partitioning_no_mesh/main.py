"""Flax NNX model annotated for tensor parallelism, created before any mesh is set."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(depth, depth, use_bias=False, rngs=rngs,
                               kernel_init=nnx.with_partitioning(init_fn, (None, "model")))
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=("model", None))

    def __call__(self, x):
        y = jax.nn.relu(self.dot1(x))
        return jnp.dot(y, self.w2[...])


model = DotReluDot(64, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
mesh = jax.make_mesh((2, 2), ("data", "model"))


@jax.jit
def train_step(model, optimizer, x, y):
    loss, grads = jax.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 64)), P("data", None))
    lowered = train_step.trace(model, optimizer, x, x).lower(lowering_platforms=("cuda",))
print("ok")
