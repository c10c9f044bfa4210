import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


def model_shardings(model):
    """Shard every 2-D weight of the MLP over `model` on its output dimension."""
    def spec(leaf):
        if eqx.is_array(leaf) and leaf.ndim == 2:
            return NamedSharding(mesh, P("model", None))
        if eqx.is_array(leaf):
            return NamedSharding(mesh, P())
        return None
    return jax.tree.map(spec, model)


model = eqx.nn.MLP(16, 16, 64, 2, key=jax.random.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
shardings = model_shardings(model)


@eqx.filter_jit
def train_step(model, opt_state, x, y):
    model = eqx.filter_shard(model, shardings)

    def loss(m):
        return jnp.mean((jax.vmap(m)(x) - y) ** 2)

    grads = eqx.filter_grad(loss)(model)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state


x = jax.device_put(jnp.ones((8, 16)), P("data", None))
y = jax.device_put(jnp.ones((8, 16)), P("data", None))
params, static = eqx.partition(model, eqx.is_array)
f = jax.jit(lambda p, o, a, b: eqx.filter(train_step(eqx.combine(p, static), o, a, b), eqx.is_array))
print(f.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:25])
