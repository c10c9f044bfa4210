import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


class Mixer(eqx.Module):
    token_mlp: eqx.nn.MLP
    channel_mlp: eqx.nn.MLP

    def __call__(self, x):  # x: (tokens, channels)
        x = x + jax.vmap(self.token_mlp, in_axes=1, out_axes=1)(x)
        return x + jax.vmap(self.channel_mlp)(x)


def forward(model, xs):
    xs = jax.sharding.reshard(xs, P("data", None, None))
    return jax.vmap(model)(xs)


k1, k2 = jax.random.split(jax.random.key(0))
model = Mixer(eqx.nn.MLP(16, 16, 32, 1, key=k1), eqx.nn.MLP(8, 8, 32, 1, key=k2))
xs = jnp.ones((8, 16, 8))
arrays, static = eqx.partition(model, eqx.is_array)
f = jax.jit(lambda a, x: forward(eqx.combine(a, static), x))
print(f.trace(arrays, xs).lower(lowering_platforms=("cuda",)).as_text()[:20])
