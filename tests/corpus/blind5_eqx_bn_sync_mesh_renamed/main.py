import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from config import CONFIG
from sync_bn import Net

mesh = jax.make_mesh(CONFIG["mesh_shape"], CONFIG["mesh_axes"])
batch_axis = CONFIG["mesh_axes"][0]

model, state = eqx.nn.make_with_state(Net)(
    CONFIG["channels"], CONFIG["depth"], CONFIG["bn_axes"], key=jax.random.PRNGKey(0)
)
params, static = eqx.partition(model, eqx.is_array)


def forward(params, state, x):
    net = eqx.combine(params, static)
    per_example = jax.vmap(net, in_axes=(0, None), out_axes=(0, None), axis_name="batch")
    return per_example(x, state)


sharded_forward = jax.shard_map(
    forward,
    mesh=mesh,
    in_specs=(P(), P(), P(batch_axis)),
    out_specs=(P(batch_axis), P()),
    check_vma=False,
)

x = jnp.ones((16, CONFIG["channels"], 8), jnp.float32)
x = jax.device_put(x, NamedSharding(mesh, P(batch_axis)))
lowered = jax.jit(sharded_forward).trace(params, state, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:100])
