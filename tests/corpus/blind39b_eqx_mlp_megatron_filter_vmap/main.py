import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

mlp = eqx.nn.MLP(in_size=32, out_size=32, width_size=128, depth=1, key=jax.random.key(0))
# layers[0]: weight (128, 32) -> split outputs; layers[1]: weight (32, 128) -> split inputs
mlp = eqx.tree_at(lambda m: m.layers[0].weight, mlp, jax.device_put(mlp.layers[0].weight, P("model", None)))
mlp = eqx.tree_at(lambda m: m.layers[0].bias, mlp, jax.device_put(mlp.layers[0].bias, P("model")))
mlp = eqx.tree_at(lambda m: m.layers[1].weight, mlp, jax.device_put(mlp.layers[1].weight, P(None, "model")))


@eqx.filter_jit
def forward(model, xs):
    return eqx.filter_vmap(model)(xs)


xs = jax.device_put(jnp.ones((8, 32)), P("data", None))
lowered = forward.lower(mlp, xs)
print(type(lowered).__name__)
