from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P


class _BaseTrainer:
    axis_name = "data"
    reduce_grads = staticmethod(partial(jax.lax.pmean, axis_name="data"))
    reduce_metric = staticmethod(partial(jax.lax.psum, axis_name="data"))


class DataParallelTrainer(_BaseTrainer):
    axis_name = "batch"   # renamed to match the launcher's mesh

    def __init__(self, model, mesh, lr=1e-3):
        self.params, self.static = eqx.partition(model, eqx.is_inexact_array)
        self.mesh = mesh
        self.opt = optax.adam(lr)

    def _local_step(self, params, opt_state, x, y):
        def loss_fn(p):
            m = eqx.combine(p, self.static)
            return jnp.sum((jax.vmap(m)(x) - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        grads = self.reduce_grads(grads)
        updates, opt_state = self.opt.update(grads, opt_state, params)
        n = self.reduce_metric(jnp.float32(x.shape[0]))
        return eqx.apply_updates(params, updates), opt_state, self.reduce_metric(loss) / n

    def compiled_step(self):
        spec = P(self.axis_name)
        return jax.jit(jax.shard_map(self._local_step, mesh=self.mesh,
                                     in_specs=(P(), P(), spec, spec), out_specs=(P(), P(), P())))
