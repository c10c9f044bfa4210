import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N = 4
FWD = [(i, i + 1) for i in range(N - 1)]


class Stage(nnx.Module):
    def __init__(self, d, rngs):
        self.fc = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        y = jax.nn.relu(self.fc(x))
        tok = jax.lax.psend(y, "pp", FWD)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "pp", FWD)


mesh = Mesh(jax.devices(), ("pp",))
stage = Stage(32, nnx.Rngs(0))


def stage_loss(stage, x):
    return jnp.mean(stage(x) ** 2)


@nnx.shard_map(mesh=mesh, in_specs=(P(), P()), out_specs=(P(), P()), check_vma=False)
def pipeline_grads(stage, x):
    loss, grads = nnx.value_and_grad(stage_loss)(stage, x)
    return loss, grads


@nnx.jit
def step(stage, x):
    return pipeline_grads(stage, x)


x = jnp.ones((4, 32))
print(step.trace(stage, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
