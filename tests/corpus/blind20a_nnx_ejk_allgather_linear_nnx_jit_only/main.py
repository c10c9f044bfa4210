"""NNX training step around an ejkernel-style all-gather matmul, jitted without shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ag_kernel import all_gather_matmul

TP = 4


class ColumnParallelLinear(nnx.Module):
    def __init__(self, d_in, d_out_local, *, rngs: nnx.Rngs):
        self.kernel = nnx.Param(jax.random.normal(rngs.params(), (d_in, d_out_local)) * 0.02)

    def __call__(self, x):
        return all_gather_matmul(x, self.kernel[...], axis_name="tp", tp_size=TP)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))
    model = ColumnParallelLinear(256, 128, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((TP * 32, 256)), NamedSharding(mesh, P("tp", None)))
    y = jnp.zeros((TP * 32 * TP, 128))
    train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("tpu",))


main()
