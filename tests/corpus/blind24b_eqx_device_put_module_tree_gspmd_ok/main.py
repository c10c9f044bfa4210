"""GSPMD tensor parallelism for an Equinox MLP: a sharding per leaf chosen by its path,
jax.device_put of the whole module, jit picks the layout up from the arguments."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = eqx.nn.MLP(64, 64, 256, 2, key=jr.PRNGKey(0))


def spec_for(path, leaf):
    if not eqx.is_array(leaf):
        return None
    name = jax.tree_util.keystr(path)
    layer = 0 if "layers[0]" in name else 1
    if name.endswith(".weight"):
        return NamedSharding(mesh, P("model", None) if layer == 0 else P(None, "model"))
    return NamedSharding(mesh, P("model") if layer == 0 else P())


shardings = jax.tree_util.tree_map_with_path(spec_for, model)
params, static = eqx.partition(model, eqx.is_array)
param_shardings, _ = eqx.partition(shardings, lambda s: isinstance(s, NamedSharding), is_leaf=lambda s: s is None or isinstance(s, NamedSharding))
params = jax.device_put(params, param_shardings)


@jax.jit
def step(params, x, y):
    def loss(p):
        m = eqx.combine(p, static)
        return jnp.mean((jax.vmap(m)(x) - y) ** 2)

    l, g = jax.value_and_grad(loss)(params)
    return eqx.apply_updates(params, jax.tree_util.tree_map(lambda a: -1e-3 * a, g)), l


x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P("data")))
lowered = step.trace(params, x, x).lower(lowering_platforms=("cuda",))
print("ok")
