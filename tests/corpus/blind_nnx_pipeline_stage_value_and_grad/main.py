"""An NNX pipeline stage that hands its activations to the next stage with psend/precv; the
training step differentiates through it with nnx.value_and_grad inside nnx.shard_map."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ("stage",))
NEXT = [(0, 1), (1, 2), (2, 3)]


class Stage(nnx.Module):
    def __init__(self, d, rngs):
        self.dense = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.dense(x))
        tok = jax.lax.psend(h, "stage", NEXT)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", NEXT)


def loss_fn(stage, x):
    return jnp.mean(stage(x) ** 2)


@nnx.jit
def train_step(stage, x):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("stage")), out_specs=P(), check_vma=False)
    def step(stage, x):
        loss, grads = nnx.value_and_grad(loss_fn)(stage, x)
        return loss
    return step(stage, x)


stage = Stage(32, nnx.Rngs(0))
train_step.trace(stage, jnp.ones((16, 32))).lower(lowering_platforms=("cuda",))
