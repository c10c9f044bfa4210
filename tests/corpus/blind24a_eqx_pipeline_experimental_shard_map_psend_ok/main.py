from collections import namedtuple
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

_STAGE_AXIS = "stage"
NUM_STAGES, NUM_MB, W = 4, 8, 32

Carry = namedtuple("Carry", ["from_prev", "to_next", "outputs", "i"])


def _pipelined_send(x, perm):
    with jax.named_scope("pipelined_send"):
        return jax.lax.psend(x, _STAGE_AXIS, perm)


def _pipelined_recv(tok, like, perm):
    with jax.named_scope("pipelined_recv"):
        return jax.lax.precv(tok, like, _STAGE_AXIS, perm)


def gpipe(static, mesh):
    perm = [(i, i + 1) for i in range(NUM_STAGES - 1)]

    @partial(shard_map, mesh=mesh, in_specs=(P(_STAGE_AXIS), P()), out_specs=P(_STAGE_AXIS),
             check_rep=False)
    def _apply(params, mbs):
        stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
        sid = jax.lax.axis_index(_STAGE_AXIS)

        def compute(c):
            x = jnp.where(sid == 0, mbs[c.i % NUM_MB], c.from_prev)
            y = jax.vmap(stage)(x)
            idx = (c.i - (NUM_STAGES - 1)) % NUM_MB
            outs = c.outputs.at[idx].set(
                jnp.where((sid == NUM_STAGES - 1) & (c.i >= NUM_STAGES - 1), y, c.outputs[idx]))
            return y, outs

        def body(c, _):
            y, outs = compute(c)
            tok = _pipelined_send(y, perm)
            return Carry(_pipelined_recv(tok, y, perm), y, outs, c.i + 1), None

        zeros = jnp.zeros_like(mbs[0])
        c = Carry(zeros, zeros, jnp.zeros_like(mbs), 0)
        for i in range(NUM_STAGES):  # ramp-up, peeled
            y, outs = compute(c)
            tok = _pipelined_send(y, perm[:i + 1] if i < NUM_STAGES - 1 else perm)
            c = Carry(_pipelined_recv(tok, y, perm[:i + 1] if i < NUM_STAGES - 1 else perm), y, outs, c.i + 1)
        c, _ = jax.lax.scan(body, c, None, length=NUM_MB - 1)
        return c.outputs[None]

    return _apply


mesh = Mesh(np.array(jax.devices()), (_STAGE_AXIS,))
stages = eqx.filter_vmap(lambda k: eqx.nn.MLP(W, W, 64, 1, key=k))(
    jax.random.split(jax.random.PRNGKey(0), NUM_STAGES))
params, static = eqx.partition(stages, eqx.is_array)
apply = gpipe(static, mesh)

x = jnp.ones((NUM_MB, 4, W))
lowered = jax.jit(lambda p, x: apply(p, x)[-1]).trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered", lowered is not None)
