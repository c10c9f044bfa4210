import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class DataParallelTrainer(eqx.Module):
    """Holds the mesh and axis name alongside the (static part of the) model."""

    static: eqx.Module = eqx.field(static=True)
    mesh: Mesh = eqx.field(static=True)
    axis_name: str = eqx.field(static=True, default="data")

    def _local_grads(self, params, x, y):
        model = eqx.combine(params, self.static)
        def loss_fn(p):
            m = eqx.combine(p, self.static)
            return jnp.mean((jax.vmap(m)(x) - y) ** 2)
        loss, grads = jax.value_and_grad(loss_fn)(params)
        grads = lax.pmean(grads, self.axis_name)
        return lax.pmean(loss, self.axis_name), grads

    def loss_and_grads(self, params, x, y):
        specs = jax.tree.map(lambda _: P(), params)
        fn = jax.shard_map(
            self._local_grads,
            mesh=self.mesh,
            in_specs=(specs, P(self.axis_name), P(self.axis_name)),
            out_specs=(P(), specs),
        )
        return fn(params, x, y)
