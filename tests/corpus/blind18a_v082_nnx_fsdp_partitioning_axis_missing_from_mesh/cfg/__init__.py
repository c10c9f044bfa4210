SHARDING = {
    'embed_kernel': ('fsdp', 'model'),
    'out_kernel': ('model', 'fsdp'),
}
