"""GPipe forward schedule: lax.scan over microbatches with psend/precv, jitted on its own
(the shard_map wrapper exists but the training loop calls the unwrapped schedule)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
mesh = Mesh(np.array(jax.devices()), ("stage",))
SHIFT = [(i, i + 1) for i in range(N_STAGES - 1)]


def schedule(w, microbatches):
    def step(total, mb):
        h = jnp.tanh(mb @ w)
        tok = jax.lax.psend(h, "stage", SHIFT)
        recv = jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", SHIFT)
        return total + jnp.sum(recv), recv

    total, outs = jax.lax.scan(step, jnp.zeros(()), microbatches)
    return total, outs


sharded_schedule = jax.shard_map(schedule, mesh=mesh, in_specs=(P(), P(None, "stage")),
                                 out_specs=(P(), P(None, "stage")), check_vma=False)


def compile_train_loop(w, batches):
    return jax.jit(schedule).trace(w, batches).lower(lowering_platforms=("cuda",))


compile_train_loop(jax.ShapeDtypeStruct((32, 32), jnp.float32), jax.ShapeDtypeStruct((8, 16, 32), jnp.float32))
