"""Circular pipeline: each device runs its stage then rotates activations with ppermute, per tick."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_STAGES, N_MICRO, DIM = 4, 8, 32


class StageMLP(eqx.Module):
    lin1: eqx.nn.Linear
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.lin1 = eqx.nn.Linear(DIM, 4 * DIM, key=k1)
        self.lin2 = eqx.nn.Linear(4 * DIM, DIM, key=k2)

    def __call__(self, x):
        return x + self.lin2(jax.nn.gelu(self.lin1(x)))


stages = eqx.filter_vmap(StageMLP)(jax.random.split(jax.random.key(0), N_STAGES))
params, static = eqx.partition(stages, eqx.is_array)
mesh = jax.make_mesh((N_STAGES,), ("stage",))


@partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P())
def spmd_pipeline(params, microbatches):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    stage_id = jax.lax.axis_index("stage")
    perm = [(i, (i + 1) % N_STAGES) for i in range(N_STAGES)]

    def tick(carry, t):
        state, outputs = carry
        inp = jnp.where(stage_id == 0, microbatches[t % N_MICRO], state)
        out = jax.vmap(stage)(inp)
        outputs = jnp.where(
            (stage_id == N_STAGES - 1) & (t >= N_STAGES - 1),
            outputs.at[(t - N_STAGES + 1) % N_MICRO].set(out),
            outputs,
        )
        state = jax.lax.ppermute(out, "stage", perm)
        return (state, outputs), None

    state = jax.lax.pvary(jnp.zeros(microbatches.shape[1:]), "stage") if hasattr(jax.lax, "pvary") else jax.lax.pcast(jnp.zeros(microbatches.shape[1:]), "stage", to="varying")
    outputs = jnp.zeros_like(microbatches)
    outputs = jax.lax.pcast(outputs, "stage", to="varying") if hasattr(jax.lax, "pcast") else jax.lax.pvary(outputs, "stage")
    (_, outputs), _ = jax.lax.scan(tick, (state, outputs), jnp.arange(N_MICRO + N_STAGES - 1))
    return jax.lax.psum(jnp.where(stage_id == N_STAGES - 1, outputs, 0.0), "stage")


params = jax.device_put(params, NamedSharding(mesh, P("stage")))
mb = jax.device_put(jnp.ones((N_MICRO, 4, DIM)), NamedSharding(mesh, P()))
print(jax.jit(spmd_pipeline).trace(params, mb).lower(lowering_platforms=("cuda",)) is not None)
