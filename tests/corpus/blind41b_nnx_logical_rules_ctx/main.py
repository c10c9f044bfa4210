import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from layers import LOGICAL_RULES, FeedForward

mesh = jax.make_mesh((2, 2), ("data", "model"))


@nnx.jit
def train_step(model, opt, x):
    def loss_fn(m):
        return jnp.mean(m(x) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    opt.update(model, grads)
    return loss


with jax.set_mesh(mesh), nnx.logical_axis_rules(LOGICAL_RULES):
    ffn = FeedForward(64, 256, rngs=nnx.Rngs(0))
    opt = nnx.Optimizer(ffn, optax.sgd(0.1), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((8, 16, 64)), P("data", None, None))
    train_step.trace(ffn, opt, x).lower(lowering_platforms=("cuda",))
print("done")
