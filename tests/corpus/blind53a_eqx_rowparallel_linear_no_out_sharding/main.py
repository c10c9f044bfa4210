import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

from model import Net

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

model = Net(32, 128, depth=2, key=jr.key(6789))


def shard_params(model):
    def put(path, leaf):
        name = jax.tree_util.keystr(path)
        spec = P("model", None) if name.endswith(".up") else P(None, "model")
        return jax.device_put(leaf, NamedSharding(mesh, spec))
    return jax.tree_util.tree_map_with_path(put, model)


model = shard_params(model)


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@jax.jit
def grad_step(model, x, y):
    loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
    return loss, jax.tree.map(lambda p, g: p - 1e-3 * g, model, grads)


x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P("data", None)))
y = jnp.sin(x)
print(grad_step.trace(model, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
