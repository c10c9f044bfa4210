import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self, model, mesh):
        self.params, self.static = eqx.partition(model, eqx.is_array)
        self.mesh = mesh

    @staticmethod
    def local_loss(model, x, y):
        pred = jax.vmap(model)(x)
        return jnp.mean((pred - y) ** 2)

    def make_loss(self):
        static = self.static

        def loss_shard(params, x, y):
            model = eqx.combine(params, static)
            return jax.lax.pmean(Trainer.local_loss(model, x, y), "batch")

        return jax.shard_map(
            loss_shard,
            mesh=self.mesh,
            in_specs=(P(), P("batch"), P("batch")),
            out_specs=P(),
        )
