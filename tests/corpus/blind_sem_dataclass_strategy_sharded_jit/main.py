"""A parallelism strategy object: a dataclass holding the gradient reduction and the wrapper that
makes the step SPMD; the trainer only calls what the strategy holds (here the
sharded-jit strategy, whose step still all-reduces by name)."""
import dataclasses
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("replica",))


@dataclasses.dataclass
class Strategy:
    reduce_grads: Callable
    wrap: Callable


DATA_PARALLEL = Strategy(
    reduce_grads=partial(jax.lax.pmean, axis_name="replica"),
    wrap=lambda fn: jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=(P(), P("replica")), out_specs=P())),
)
SHARDED_JIT = Strategy(
    reduce_grads=partial(jax.lax.pmean, axis_name="replica"),
    wrap=lambda fn: jax.jit(fn, in_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P("replica")))),
)


class Trainer:
    def __init__(self, strategy: Strategy):
        self.strategy = strategy
        self.step = strategy.wrap(self._step)

    def _step(self, w, x):
        g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
        return w - 0.1 * self.strategy.reduce_grads(g)


trainer = Trainer(SHARDED_JIT)
trainer.step.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32),
                   jax.ShapeDtypeStruct((32, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
