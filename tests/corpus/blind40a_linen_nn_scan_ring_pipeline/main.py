import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("stage",), axis_types=(jax.sharding.AxisType.Auto,))
N_STAGES = mesh.shape["stage"]


class StageStep(nn.Module):
    n_stages: int

    @nn.compact
    def __call__(self, carry, mb):
        h = nn.Dense(16)(carry + mb)
        perm = [(i, (i + 1) % self.n_stages) for i in range(self.n_stages)]
        h = jax.lax.ppermute(h, "stage", perm)
        return h, h


Pipeline = nn.scan(
    StageStep,
    variable_broadcast="params",
    split_rngs={"params": False},
    in_axes=0,
    out_axes=0,
)


def run(variables, mbs):
    carry = jnp.zeros_like(mbs[0])
    _, outs = Pipeline(N_STAGES).apply(variables, carry, mbs)
    return outs


def init(key, mbs):
    carry = jnp.zeros_like(mbs[0])
    return Pipeline(N_STAGES).init(key, carry, mbs)


specs = P(None, "stage")
mbs = jax.ShapeDtypeStruct((6, 4 * N_STAGES, 16), jnp.float32)
variables = jax.eval_shape(
    jax.shard_map(init, mesh=mesh, in_specs=(P(), specs), out_specs=P()),
    jax.random.key(0), mbs)
step = jax.jit(jax.shard_map(run, mesh=mesh, in_specs=(P(), specs), out_specs=specs))
print(step.trace(variables, mbs).lower(lowering_platforms=("cuda",)).as_text()[:60])
