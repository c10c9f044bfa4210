import equinox as eqx
import jax


def make_stages(cfg, key):
    @eqx.filter_vmap
    def make(k):
        return eqx.nn.MLP(cfg.width, cfg.width, cfg.width * 2, depth=2, key=k)

    return make(jax.random.split(key, cfg.n_stages))


def select_local_stage(local_params, static):
    # Inside shard_map each device holds a leading stage axis of size one.
    return eqx.combine(jax.tree.map(lambda a: a[0], local_params), static)
