import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax as L
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4


class Stage(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.tanh(nn.Dense(x.shape[-1])(x))


class Trainer:
    mesh = Mesh(np.array(jax.devices()).reshape(STAGES), ("pp",))
    fwd_perm = [(i, i + 1) for i in range(STAGES - 1)]
    bwd_perm = [(i + 1, i) for i in range(STAGES - 1)]
    stage = Stage()

    @staticmethod
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("pp"), P("pp"), P("pp")),
                       out_specs=(P("pp"), P("pp")), check_vma=False)
    def one_f_one_b_tick(params, act_in, cot_in):
        p = jax.tree.map(lambda a: a[0], params)
        y, vjp = jax.vjp(lambda x: Trainer.stage.apply(p, x), act_in[0])
        (dx,) = vjp(cot_in[0])
        act_out = L.ppermute(y, "pp", Trainer.fwd_perm)
        cot_out = L.ppermute(dx, "pp", Trainer.bwd_perm)
        return act_out[None], cot_out[None]

    def __init__(self, width):
        keys = jax.random.split(jax.random.PRNGKey(0), STAGES)
        self.params = jax.vmap(self.stage.init, in_axes=(0, None))(keys, jnp.zeros((1, width)))

    def lower(self, act, cot):
        step = jax.jit(self.one_f_one_b_tick)
        return step.trace(self.params, act, cot).lower(lowering_platforms=("cuda",))


trainer = Trainer(64)
act = jnp.ones((STAGES, 8, 64))
cot = jnp.ones((STAGES, 8, 64))
print(trainer.lower(act, cot).as_text()[:20])
