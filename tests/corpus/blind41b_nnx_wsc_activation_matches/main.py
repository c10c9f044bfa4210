"""NNX MLP with MaxText-style activation constraints, ported to JAX 0.10's default mesh."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))

ACT_BATCH = NamedSharding(mesh, P("data", None, None))
ACT_MLP = NamedSharding(mesh, P("data", None, "model"))


class MlpBlock(nnx.Module):
    def __init__(self, d, f, rngs):
        self.wi = nnx.Linear(d, f, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, "model")), use_bias=False, rngs=rngs)
        self.wo = nnx.Linear(f, d, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None)), use_bias=False, rngs=rngs)

    def __call__(self, x):
        x = jax.lax.with_sharding_constraint(x, ACT_BATCH)
        h = nnx.relu(self.wi(x))
        h = jax.lax.with_sharding_constraint(h, ACT_MLP)
        return self.wo(h, out_sharding=ACT_BATCH)


def loss_fn(model, x, y):
    return optax.l2_loss(model(x), y).mean()


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = MlpBlock(64, 256, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((8, 16, 64)), ACT_BATCH)
    y = jax.device_put(jnp.zeros((8, 16, 64)), ACT_BATCH)
    train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
