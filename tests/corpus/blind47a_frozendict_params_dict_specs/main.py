import re

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from flax.core import freeze
from flax.traverse_util import flatten_dict, unflatten_dict
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nn.Module):
    hidden: int = 128
    classes: int = 10

    @nn.compact
    def __call__(self, x, model_axis=None):
        h = nn.relu(nn.Dense(self.hidden)(x))          # Dense_0, column-sharded
        if model_axis is not None:
            h = jax.lax.all_gather(h, model_axis, axis=1, tiled=True)
        return nn.Dense(self.classes)(h)                # Dense_1, replicated


RULES = (
    (r'Dense_0/kernel$', P(None, 'model')),
    (r'Dense_0/bias$', P('model')),
    (r'.*', P()),
)


def set_partitions(variables):
    flat = flatten_dict(variables)
    specs = {}
    for path in flat:
        key = '/'.join(path)
        for pattern, spec in RULES:
            if re.search(pattern, key):
                specs[path] = spec
                break
    return unflatten_dict(specs)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = Classifier()
x = jnp.ones((16, 32))
labels = jnp.zeros((16,), jnp.int32)

# full-width init; h is only gathered when running sharded
variables = freeze(model.init(jax.random.PRNGKey(0), x))
specs = set_partitions(variables)
# per-device module: Dense_0 holds hidden / model-axis-size columns
local_model = Classifier(hidden=model.hidden // mesh.shape['model'])


def eval_step(variables, x, labels):
    logits = local_model.apply(variables, x, model_axis='model')
    onehot = jax.nn.one_hot(labels, logits.shape[-1])
    loss = -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=-1))
    # logits are identical across 'model' after the gather; average over both axes
    return jax.lax.pmean(loss, ('data', 'model'))


step = jax.jit(jax.shard_map(eval_step, mesh=mesh,
                             in_specs=(specs, P('data'), P('data')),
                             out_specs=P()))
print(step.trace(variables, x, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
