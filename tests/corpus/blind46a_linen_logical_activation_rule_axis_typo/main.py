import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType

from model import Decoder

LOGICAL_AXIS_RULES = (
    ("activation_batch", "data"),
    ("activation_length", None),
    ("activation_embed", None),
    ("activation_mlp", "tensor"),
    ("vocab", "model"),
    ("embed", None),
    ("mlp", "model"),
)

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
model = Decoder()
tokens = jnp.zeros((8, 16), jnp.int32)
rng = jax.random.key(0)

with jax.set_mesh(mesh), nn.logical_axis_rules(LOGICAL_AXIS_RULES):
    abstract = jax.eval_shape(model.init, rng, tokens)
    logical_spec = nn.get_partition_spec(abstract)
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, LOGICAL_AXIS_RULES)
    data_sharding = nn.logical_to_mesh_sharding(
        jax.sharding.PartitionSpec("activation_batch", "activation_length"), mesh, LOGICAL_AXIS_RULES)

    p_init = jax.jit(model.init, out_shardings=state_sharding)
    variables = p_init(rng, tokens)

    def loss_fn(variables, tokens):
        logits = model.apply(variables, tokens)
        return jnp.mean(jax.nn.logsumexp(logits, axis=-1))

    step = jax.jit(jax.grad(loss_fn), in_shardings=(state_sharding, data_sharding), out_shardings=state_sharding)
    print(step.trace(variables, tokens).lower(lowering_platforms=("cuda",)).as_text()[:40])
