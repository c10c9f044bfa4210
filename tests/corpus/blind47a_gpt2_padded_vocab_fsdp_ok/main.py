import jax
import jax.numpy as jnp
from flax import traverse_util
from jax.sharding import NamedSharding, PartitionSpec as P

from model import GPTConfig, TinyGPT

mesh = jax.make_mesh((4,), ('fsdp',), axis_types=(jax.sharding.AxisType.Auto,))

FSDP_RULES = {
    'wte/embedding': P('fsdp', None),
    'wpe/embedding': P('fsdp', None),
    'mlp/c_fc/kernel': P('fsdp', None),
    'mlp/c_proj/kernel': P(None, 'fsdp'),
}


def param_shardings(params):
    flat = traverse_util.flatten_dict(params, sep='/')
    out = {k: NamedSharding(mesh, FSDP_RULES.get(k, P())) for k in flat}
    return traverse_util.unflatten_dict(out, sep='/')


config = GPTConfig()
model = TinyGPT(config)
tokens = jax.ShapeDtypeStruct((8, config.block_size), jnp.int32)
abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), tokens)
params_sharding = param_shardings(abstract['params'])


def loss_fn(params, idx):
    logits = model.apply({'params': params}, idx)
    targets = jnp.roll(idx, -1, axis=1)
    logp = jax.nn.log_softmax(logits)
    return -jnp.take_along_axis(logp, targets[..., None], axis=-1).mean()


train_step = jax.jit(
    jax.value_and_grad(loss_fn),
    in_shardings=(params_sharding, NamedSharding(mesh, P('fsdp'))),
    out_shardings=(NamedSharding(mesh, P()), params_sharding),
)
print(train_step.trace(abstract['params'], tokens).lower(lowering_platforms=('cuda',)).as_text()[:40])
