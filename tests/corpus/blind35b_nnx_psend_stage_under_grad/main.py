import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from stages import PipelineBlock
from stages.block import PP

mesh = jax.make_mesh((4,), (PP,))


@nnx.jit
def train_step(block, opt, x):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P(PP)), out_specs=P())
    def loss_and_grads(block, x):
        def loss_fn(block):
            return jax.lax.pmean(jnp.mean(block(x) ** 2), PP)
        return nnx.value_and_grad(loss_fn)(block)

    loss, grads = loss_and_grads(block, x)
    opt.update(block, grads)
    return loss


with jax.set_mesh(mesh):
    block = PipelineBlock(16, 4, nnx.Rngs(0))
    opt = nnx.Optimizer(block, optax.sgd(1e-2), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((8, 16)), P(PP))
    print(train_step.trace(block, opt, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
