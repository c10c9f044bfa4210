"""MaxText-style activation constraints in a Linen decoder layer, run under JAX 0.10's set_mesh."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

AXIS_RULES = (
    ("activation_batch", "data"),
    ("activation_length", None),
    ("activation_embed", None),
    ("activation_mlp", "model"),
)


class MlpBlock(nn.Module):
    intermediate: int

    @nn.compact
    def __call__(self, x):
        d = x.shape[-1]
        x = nn.with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"))
        h = nn.relu(nn.Dense(self.intermediate, name="wi")(x))
        h = nn.with_logical_constraint(h, ("activation_batch", "activation_length", "activation_mlp"))
        return nn.Dense(d, name="wo")(h)


class DecoderLayer(nn.Module):
    @nn.compact
    def __call__(self, x):
        y = nn.RMSNorm()(x)
        return x + MlpBlock(512, name="mlp")(y)


layer = DecoderLayer()
mesh = jax.make_mesh((2, 2), ("data", "model"))


def param_spec(path):
    keys = tuple(k.key for k in path)
    if keys[:2] == ("mlp", "wi"):
        return P(None, "model") if keys[-1] == "kernel" else P("model")
    return P()


def forward(params, x):
    with nn.logical_axis_rules(AXIS_RULES):
        return layer.apply({"params": params}, x)


with jax.set_mesh(mesh):
    params = jax.eval_shape(layer.init, jax.random.key(0), jnp.ones((1, 32, 128)))["params"]
    params = jax.tree_util.tree_map_with_path(
        lambda path, s: jax.device_put(jnp.zeros(s.shape, s.dtype), param_spec(path)), params)
    x = jax.device_put(jnp.ones((8, 32, 128)), P("data", None, None))
    lowered = jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered")
