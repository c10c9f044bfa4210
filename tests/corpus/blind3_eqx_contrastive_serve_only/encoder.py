import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax


class Encoder(eqx.Module):
    backbone: eqx.nn.MLP
    projector: eqx.nn.Linear
    axis_name: str = eqx.field(static=True, default="dp")
    temperature: float = eqx.field(static=True, default=0.1)

    def __init__(self, in_size, dim, *, key, axis_name="dp"):
        k1, k2 = jr.split(key)
        self.backbone = eqx.nn.MLP(in_size, dim, 4 * dim, depth=2, key=k1)
        self.projector = eqx.nn.Linear(dim, dim, key=k2)
        self.axis_name = axis_name

    def __call__(self, x):
        z = self.projector(self.backbone(x))
        return z / jnp.linalg.norm(z)

    def loss(self, view1, view2):
        """InfoNCE with negatives from every data-parallel shard (call under shard_map)."""
        z1 = jax.vmap(self)(view1)
        z2 = jax.vmap(self)(view2)
        all_z2 = jax.lax.all_gather(z2, self.axis_name, axis=0, tiled=True)
        logits = z1 @ all_z2.T / self.temperature
        offset = jax.lax.axis_index(self.axis_name) * z1.shape[0]
        labels = offset + jnp.arange(z1.shape[0])
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
