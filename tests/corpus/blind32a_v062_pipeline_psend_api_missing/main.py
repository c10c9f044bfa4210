"""GPipe-style microbatch loop over Equinox stages, written against a newer JAX's psend/precv."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax as L
from jax.sharding import PartitionSpec as P

N_STAGES = 4
N_MICRO = 6


def make_stage(key):
    return eqx.nn.Sequential([eqx.nn.Linear(16, 16, key=key), eqx.nn.Lambda(jnp.tanh)])


stages = eqx.filter_vmap(make_stage)(jax.random.split(jax.random.key(0), N_STAGES))
params, static = eqx.partition(stages, eqx.is_array)
mesh = jax.make_mesh((N_STAGES,), ("pipe",))
PERM = [(i, i + 1) for i in range(N_STAGES - 1)]


def gpipe(params, microbatches):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    idx = L.axis_index("pipe")

    def tick(t, carry):
        buf, outs = carry
        inp = jnp.where(idx == 0, microbatches[t % N_MICRO], buf)
        out = jax.vmap(stage)(inp)
        tok = L.psend(out, "pipe", PERM)
        buf = L.precv(tok, jax.ShapeDtypeStruct(out.shape, out.dtype), "pipe", PERM)
        outs = outs.at[t % N_MICRO].set(out)
        return buf, outs

    buf = jnp.zeros(microbatches.shape[1:])
    _, outs = L.fori_loop(0, N_MICRO + N_STAGES - 1, tick, (buf, jnp.zeros_like(microbatches)))
    return outs


run = jax.jit(
    jax.shard_map(gpipe, mesh=mesh, in_specs=(P("pipe"), P()), out_specs=P("pipe"), check_vma=False)
)
mb = jnp.ones((N_MICRO, 4, 16))
print(run.trace(params, mb).lower(lowering_platforms=("cuda",)) is not None)
