"""A TrainState that knows its data-parallel axis: a static flax.struct field."""
from typing import Any, Callable

import jax
import optax
from flax import struct


class DPTrainState(struct.PyTreeNode):
    step: jax.Array
    params: Any
    opt_state: Any
    tx: optax.GradientTransformation = struct.field(pytree_node=False)
    apply_fn: Callable = struct.field(pytree_node=False)
    axis_name: str = struct.field(pytree_node=False, default="data")

    @classmethod
    def create(cls, *, apply_fn, params, tx, **kwargs):
        return cls(step=0, params=params, opt_state=tx.init(params), tx=tx, apply_fn=apply_fn, **kwargs)

    def apply_gradients(self, grads):
        grads = jax.lax.pmean(grads, self.axis_name)
        updates, opt_state = self.tx.update(grads, self.opt_state, self.params)
        return self.replace(step=self.step + 1, params=optax.apply_updates(self.params, updates),
                            opt_state=opt_state)
