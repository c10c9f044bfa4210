import jax
import jax.numpy as jnp
import optax
from flax import nnx

from xla_agmm import all_gather_matmul


class SeqParallelMLP(nnx.Module):
    def __init__(self, d, ffn, *, rngs):
        self.up = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d, ffn)))
        self.down = nnx.Linear(ffn, d, rngs=rngs)

    def __call__(self, x):
        h = all_gather_matmul(x, self.up[...], "tp")
        return self.down(jax.nn.gelu(h))


model = SeqParallelMLP(128, 512, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x):
    def loss_fn(model):
        return jnp.mean(model(x) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


x = jnp.ones((64, 128), jnp.float32)
train_step.trace(model, optimizer, x).lower(lowering_platforms=("tpu",))
