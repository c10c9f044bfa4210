import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Block(eqx.Module):
    norm1: eqx.nn.LayerNorm
    attn: eqx.nn.MultiheadAttention
    norm2: eqx.nn.LayerNorm
    mlp: eqx.nn.MLP

    def __init__(self, dim, heads, *, key):
        k1, k2 = jax.random.split(key)
        self.norm1 = eqx.nn.LayerNorm(dim)
        self.attn = eqx.nn.MultiheadAttention(heads, dim, key=k1)
        self.norm2 = eqx.nn.LayerNorm(dim)
        self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, 1, key=k2)

    def __call__(self, x):
        h = jax.vmap(self.norm1)(x)
        x = x + self.attn(h, h, h)
        return x + jax.vmap(self.mlp)(jax.vmap(self.norm2)(x))


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
data_sharding = NamedSharding(mesh, P("data"))
replicated = NamedSharding(mesh, P())

model = Block(32, 4, key=jax.random.key(0))
optim = optax.adamw(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_jit
def train_step(model, opt_state, x):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x = eqx.filter_shard(x, data_sharding)

    def loss(m):
        return jnp.mean(jax.vmap(m)(x) ** 2)

    grads = eqx.filter_grad(loss)(model)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
    model = eqx.apply_updates(model, updates)
    return eqx.filter_shard((model, opt_state), replicated)


params, static = eqx.partition(model, eqx.is_array)


def entry(params, opt_state, x):
    m, s = train_step(eqx.combine(params, static), opt_state, x)
    return eqx.filter(m, eqx.is_array), s


x = jnp.ones((8, 12, 32))
exported = jax.export.export(jax.jit(entry), platforms=("cuda",))(params, opt_state, x)
print(exported.platforms)
