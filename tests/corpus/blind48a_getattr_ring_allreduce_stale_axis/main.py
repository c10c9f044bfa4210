import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comm import collectives


@dataclasses.dataclass
class RunConfig:
    allreduce_impl: str = "ring"
    lr: float = 1e-2


cfg = RunConfig()
allreduce = getattr(collectives, f"{cfg.allreduce_impl}_allreduce")

mesh = Mesh(np.array(jax.devices()), (collectives.AXIS,))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(collectives.AXIS)), out_specs=P())
def sgd_step(w, x):
    # centre the features with the global batch mean before the local loss
    n = x.shape[0] * jax.lax.axis_size(collectives.AXIS)
    mu = allreduce(jnp.sum(x, axis=0)) / n
    xc = x - mu
    # grad w.r.t. the replicated w is reduced over the data axis by shard_map's autodiff
    g = jax.grad(lambda w: jnp.mean((xc @ w) ** 2))(w)
    return w - cfg.lr * g


w = jnp.ones((16, 4))
x = jnp.ones((32, 16))
print(sgd_step.trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
